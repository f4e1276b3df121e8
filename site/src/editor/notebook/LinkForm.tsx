// « Lien » of a text cell: the address asked for, with the site's pages offered (the
// notebook's list of routes), and the link's text; the Markdown is written for the coach.
import { useId, useState, type KeyboardEvent } from "react";
import { t } from "../texts.ts";

interface Props {
  /** The id of the `<datalist>` of the site's routes. */
  routesListId?: string;
  /** The text selected when « Lien » was pressed. */
  text: string;
  onInsert(link: { address: string; text: string }): void;
  onCancel(): void;
}

export function LinkForm({ routesListId, text, onInsert, onCancel }: Props) {
  const id = useId();
  const [address, setAddress] = useState("");
  const [label, setLabel] = useState(text);
  const [missing, setMissing] = useState(false);
  const insert = () => {
    if (!address.trim()) {
      setMissing(true);
      document.getElementById(`${id}-adresse`)?.focus();
      return;
    }
    onInsert({ address: address.trim(), text: label.trim() || address.trim() });
  };
  // A form of its own would sit inside the notebook's: Enter and Escape are handled here.
  const keys = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
    } else if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      insert();
    }
  };
  const described = missing ? `${id}-aide ${id}-manque` : `${id}-aide`;
  return (
    <div className="carnet-link" role="group" aria-labelledby={`${id}-titre`} onKeyDown={keys}>
      <p id={`${id}-titre`} className="carnet-link__title">
        {t("linkForm")}
      </p>
      <label htmlFor={`${id}-adresse`}>{t("linkAddress")}</label>
      <input
        id={`${id}-adresse`}
        type="text"
        inputMode="url"
        list={routesListId}
        value={address}
        autoFocus
        autoComplete="off"
        aria-invalid={missing || undefined}
        aria-describedby={described}
        onChange={(event) => {
          setAddress(event.target.value);
          setMissing(false);
        }}
      />
      <p id={`${id}-aide`} className="carnet-help">
        {t("linkAddressHelp")}
      </p>
      {missing && (
        <p id={`${id}-manque`} className="carnet-diag carnet-diag--error" role="alert">
          {t("linkAddressMissing")}
        </p>
      )}
      <label htmlFor={`${id}-texte`}>{t("linkText")}</label>
      <input id={`${id}-texte`} type="text" value={label} onChange={(event) => setLabel(event.target.value)} />
      <div className="carnet-link__actions">
        <button type="button" className="carnet-primary" onClick={insert}>
          {t("linkInsert")}
        </button>
        <button type="button" onClick={onCancel}>
          {t("cancel")}
        </button>
      </div>
    </div>
  );
}
