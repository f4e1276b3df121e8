import { createElement, type ReactElement, type SVGProps } from "react";
import { ICON_DRAWINGS, type IconName } from "./icons.gen";

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "ref" | "children"> {
  size?: number;
  strokeWidth?: number;
}

export type IconComponent = (props: IconProps) => ReactElement;

/** An icon drawn as lucide-react draws it (the same attributes in the same order, so the
 * prerendered pages do not change), without its runtime: the elements are made once. */
function icon(name: IconName): IconComponent {
  const { className: own, node } = ICON_DRAWINGS[name];
  const elements = node.map(([tag, attributes]) => createElement(tag, attributes));
  function DrawnIcon({ size = 24, strokeWidth = 2, className, ...rest }: IconProps): ReactElement {
    // Decorative unless told otherwise, as lucide-react decides.
    const described = Object.keys(rest).some((key) => key.startsWith("aria-") || key === "role" || key === "title");
    return createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: size,
        height: size,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: "currentColor",
        strokeWidth,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: className ? `${own} ${className}` : own,
        ...(described ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...elements,
    );
  }
  return DrawnIcon;
}

export const ArrowLeft = icon("arrow-left");
export const ArrowRight = icon("arrow-right");
export const BatteryLow = icon("battery-low");
export const Bot = icon("bot");
export const CalendarDays = icon("calendar-days");
export const Check = icon("check");
export const ChevronDown = icon("chevron-down");
export const ChevronLeft = icon("chevron-left");
export const ChevronRight = icon("chevron-right");
export const CircleCheck = icon("circle-check");
export const CircleHelp = icon("circle-help");
export const Clock = icon("clock");
export const Compass = icon("compass");
export const Cookie = icon("cookie");
export const ExternalLink = icon("external-link");
export const FileText = icon("file-text");
export const Flame = icon("flame");
export const Heart = icon("heart");
export const Mail = icon("mail");
export const Menu = icon("menu");
export const MessageCircle = icon("message-circle");
export const Notebook = icon("notebook");
export const Quote = icon("quote");
export const Search = icon("search");
export const Send = icon("send");
export const ShieldOff = icon("shield-off");
export const Sparkles = icon("sparkles");
export const Sprout = icon("sprout");
export const Star = icon("star");
export const Users = icon("users");
export const Video = icon("video");
export const X = icon("x");
