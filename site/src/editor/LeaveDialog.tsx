// Leaving a document with changes not saved (the list, another file, the browser's « back »)
// asks first: stay, or go (the changes stay kept on this device and are offered back).
import { useEffect, useId, useRef } from "react";
import { t } from "./texts.ts";

interface Props {
  onStay(): void;
  onLeave(): void;
}

export function LeaveDialog({ onStay, onLeave }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="carnet-leave"
      aria-labelledby={`${id}-titre`}
      aria-describedby={`${id}-aide`}
      // Escape: stay.
      onCancel={(event) => {
        event.preventDefault();
        onStay();
      }}
    >
      <h2 id={`${id}-titre`}>{t("leaveTitle")}</h2>
      <p id={`${id}-aide`}>{t("leaveHelp")}</p>
      <div className="carnet-leave__actions">
        {/* The safe answer has the focus first. */}
        <button type="button" className="carnet-primary" onClick={onStay} autoFocus>
          {t("leaveStay")}
        </button>
        <button type="button" onClick={onLeave}>
          {t("leaveGo")}
        </button>
      </div>
    </dialog>
  );
}
