// A field of one control: its label (and « obligatoire »), the control, its messages.
import type { ReactNode } from "react";
import { t } from "../texts.ts";
import type { FieldInputProps } from "./kind.ts";

type Props = Pick<FieldInputProps<unknown>, "label" | "required" | "invalid" | "messages" | "control"> & { children: ReactNode };

export function Labelled({ label, required, invalid, messages, control, children }: Props) {
  return (
    <div className={`carnet-field${invalid ? " carnet-field--invalid" : ""}`}>
      <span className="carnet-field__label">
        {/* The field's name is its label alone; `required` tells assistive technologies. */}
        <label htmlFor={control.id}>{label}</label>
        {required && (
          <span className="carnet-required" aria-hidden="true">
            {" "}
            {t("required")}
          </span>
        )}
      </span>
      {children}
      {messages}
    </div>
  );
}
