import { Mail, Sprout } from "./icons";
import { settings, site } from "../site";
import { fillTemplate } from "../lib/template";
import { SmartLink } from "./SmartLink";
import "./Footer.css";

export function Footer({ onManageCookies }: { onManageCookies?: () => void }) {
  const texts = settings.interface.footer;
  const pixelId = settings.providers.metaPixel.id;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <p className="brand brand--footer">
            <Sprout aria-hidden="true" focusable="false" className="brand__mark" size={26} strokeWidth={1.75} />
            <span className="brand__name">{settings.brand}</span>
          </p>
          <p className="site-footer__tagline">{settings.tagline}</p>
        </div>
        <nav aria-label={texts.navLabel} className="site-footer__nav">
          <ul className="site-footer__links">
            {settings.navigation.footer.map((link) => (
              <li key={link.href}>
                <SmartLink href={link.href}>{link.label}</SmartLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__contact">
          <p>{texts.contactLabel}</p>
          <p>
            <a href={`mailto:${settings.email}`} className="site-footer__email">
              <Mail aria-hidden="true" focusable="false" size={18} />
              {settings.email}
            </a>
          </p>
          <p>
            <a href={settings.socialUrl} rel="noopener noreferrer">
              {settings.socialLabel}
            </a>
          </p>
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>{fillTemplate(texts.copyright, { year: String(site.buildYear), brand: settings.brand })}</p>
        {pixelId && onManageCookies ? (
          <button type="button" className="link-button" onClick={onManageCookies}>
            {settings.interface.consent.manage}
          </button>
        ) : null}
      </div>
    </footer>
  );
}
