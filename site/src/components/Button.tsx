import type { Action } from "../types";
import { SmartLink } from "./SmartLink";
import "./Button.css";

export function Button({ action, onClick }: { action: Action; onClick?: () => void }) {
  return (
    <SmartLink href={action.href} reload={action.reload} className={`button button--${action.variant}`} onClick={onClick}>
      {action.label}
    </SmartLink>
  );
}

export function Actions({ actions, className = "" }: { actions: readonly Action[]; className?: string }) {
  if (!actions.length) return null;
  return (
    <div className={`actions ${className}`.trim()}>
      {actions.map((action) => (
        <Button key={`${action.href}|${action.label}`} action={action} />
      ))}
    </div>
  );
}
