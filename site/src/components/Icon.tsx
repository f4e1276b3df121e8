import {
  BatteryLow,
  Bot,
  CircleHelp,
  Compass,
  FileText,
  Flame,
  Heart,
  MessageCircle,
  Notebook,
  ShieldOff,
  Sparkles,
  Users,
  type IconComponent,
} from "./icons";
import type { Icon as IconName } from "../types";

// The closed list of icon names a coach may choose (tools/contenu/models/entries.py).
const ICONS: Record<IconName, IconComponent> = {
  "battery-low": BatteryLow,
  flame: Flame,
  "shield-off": ShieldOff,
  "circle-help": CircleHelp,
  heart: Heart,
  users: Users,
  compass: Compass,
  sparkles: Sparkles,
  "message-circle": MessageCircle,
  notebook: Notebook,
  "file-text": FileText,
  bot: Bot,
};

/** A decorative icon: the text next to it carries the meaning. */
export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  const Component = ICONS[name] ?? Sparkles;
  return <Component aria-hidden="true" focusable="false" size={size} strokeWidth={1.75} className={className} />;
}
