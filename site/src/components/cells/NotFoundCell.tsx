import { useEffect } from "react";
import { Link, useLocation } from "react-router-dom";
import type { CellOf } from "../../types";
import "./NotFoundCell.css";

export function NotFoundCell({ cell }: { cell: CellOf<"not-found"> }) {
  const { pathname } = useLocation();

  useEffect(() => {
    console.error(cell.logMessage, pathname);
  }, [cell.logMessage, pathname]);

  return (
    <section id={cell.anchor ?? undefined} className="cell cell--not-found">
      <div className="container container--narrow not-found">
        <p className="not-found__code">
          {cell.code}
        </p>
        <h1 className="not-found__title" lang={cell.lang}>
          {cell.title}
        </h1>
        {cell.text ? <p className="not-found__text">{cell.text}</p> : null}
        <Link to="/" className="button button--primary" lang={cell.lang}>
          {cell.linkLabel}
        </Link>
      </div>
    </section>
  );
}
