import type { CellOf, LegalNotice } from "../../types";
import { site } from "../../site";
import { Section } from "../Section";
import "./LegalNoticeCell.css";

type Labels = CellOf<"legal-notice">["labels"];

function Fields({ rows }: { rows: Array<[string, string | null | undefined]> }) {
  return (
    <dl className="legal-fields">
      {rows
        .filter((row): row is [string, string] => Boolean(row[1]))
        .map(([label, value]) => (
          <div key={label} className="legal-fields__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

export function publisherRows(legal: LegalNotice, labels: Labels): Array<[string, string | null | undefined]> {
  const p = legal.publisher;
  return [
    [labels.name, p.name],
    [labels.legalForm, p.legalForm],
    [labels.shareCapital, p.shareCapital],
    [labels.address, p.address],
    [labels.phone, p.phone],
    [labels.email, p.email],
    [labels.registration, p.registration],
    [labels.vatNumber, p.vatNumber],
    [labels.publicationDirector, p.publicationDirector],
  ];
}

export function LegalNoticeCell({ cell }: { cell: CellOf<"legal-notice"> }) {
  const { legal } = site;
  const { labels } = cell;
  const host = legal.host;
  return (
    <>
      <Section kind="legal-notice" anchor={cell.anchor} title={cell.publisherTitle} width="text">
        <Fields rows={publisherRows(legal, labels)} />
      </Section>
      <Section kind="legal-notice" title={cell.hostTitle} width="text">
        <Fields
          rows={[
            [labels.name, host.name],
            [labels.address, host.address],
            [labels.phone, host.phone],
            [labels.website, host.website],
          ]}
        />
      </Section>
    </>
  );
}
