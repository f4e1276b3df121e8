/** Every address of a third-party service the site's code names, in one place: the
 * behaviours below load from here, and a Content-Security-Policy can be built from
 * `PROVIDER_SOURCES`. Each comes from the provider's own embed code (docs/integrations.md). */

export const MAILERLITE_ASSETS = "https://assets.mailerlite.com";
/** MailerLite's universal script (`ml(...)`), which renders `.ml-embedded[data-form]`. */
export const MAILERLITE_SCRIPT = `${MAILERLITE_ASSETS}/js/universal.js`;
/** The form's own script and styles, named by MailerLite's HTML code. */
export const MAILERLITE_WEBFORMS = "https://groot.mailerlite.com";
export const MAILERLITE_STYLES = "https://assets.mlcdn.com";

export const CALENDLY_ORIGIN = "https://calendly.com";
export const CALENDLY_ASSETS = "https://assets.calendly.com";
export const CALENDLY_SCRIPT = `${CALENDLY_ASSETS}/assets/external/widget.js`;

export const META_PIXEL_SCRIPT = "https://connect.facebook.net/en_US/fbevents.js";
/** Where fbevents.js sends the events. */
export const META_PIXEL_ENDPOINT = "https://www.facebook.com";

type Directive = "script-src" | "connect-src" | "frame-src" | "img-src" | "style-src" | "font-src";

/** The origins each provider's embed code uses, by CSP directive. The providers' scripts
 * may add hosts of their own: check a policy built from this against their documentation. */
export const PROVIDER_SOURCES: Readonly<Record<"mailerlite" | "calendly" | "metaPixel", Partial<Record<Directive, readonly string[]>>>> = {
  mailerlite: {
    "script-src": [MAILERLITE_ASSETS, MAILERLITE_WEBFORMS],
    "connect-src": [MAILERLITE_ASSETS],
    "style-src": [MAILERLITE_STYLES],
    "font-src": [MAILERLITE_STYLES],
    "img-src": [MAILERLITE_STYLES],
  },
  calendly: {
    "script-src": [CALENDLY_ASSETS],
    "style-src": [CALENDLY_ASSETS],
    "frame-src": [CALENDLY_ORIGIN],
  },
  metaPixel: {
    "script-src": ["https://connect.facebook.net"],
    "connect-src": [META_PIXEL_ENDPOINT],
    "img-src": [META_PIXEL_ENDPOINT],
  },
};
