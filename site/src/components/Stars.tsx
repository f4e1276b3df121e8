import { Star } from "./icons";
import { settings } from "../site";
import { fillTemplate } from "../lib/template";
import "./Stars.css";

const MAX = 5;

/** A visible row of stars with one accessible name ("Note : 5 sur 5"). */
export function Stars({ rating }: { rating: number }) {
  const label = fillTemplate(settings.interface.ratingLabel, { rating: String(rating), max: String(MAX) });
  return (
    <p className="stars" role="img" aria-label={label}>
      {Array.from({ length: MAX }, (_, i) => (
        <Star key={i} aria-hidden="true" focusable="false" size={20} className={i < rating ? "stars__on" : "stars__off"} />
      ))}
    </p>
  );
}
