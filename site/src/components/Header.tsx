import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink } from "react-router-dom";
import { Menu, Sprout, X } from "./icons";
import { settings } from "../site";
import { Button } from "./Button";
import { SmartLink, isInternal } from "./SmartLink";
import "./Header.css";

export function Header() {
  const texts = settings.interface.header;
  const { header: links, headerActions } = settings.navigation;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to="/" className="brand" aria-label={texts.homeLabel} onClick={close}>
          <Sprout aria-hidden="true" focusable="false" className="brand__mark" size={28} strokeWidth={1.75} />
          <span className="brand__name">{settings.brand}</span>
        </Link>
        <button
          ref={toggle}
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? texts.menuClose : texts.menuOpen}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X aria-hidden="true" focusable="false" /> : <Menu aria-hidden="true" focusable="false" />}
        </button>
        <div id={menuId} className="site-header__menu" data-open={open}>
          <nav aria-label={texts.navLabel}>
            <ul className="site-nav">
              {links.map((link) => (
                <li key={link.href}>
                  {isInternal(link.href) ? (
                    <NavLink to={link.href} end className="site-nav__link" onClick={close}>
                      {link.label}
                    </NavLink>
                  ) : (
                    <SmartLink href={link.href} className="site-nav__link" onClick={close}>
                      {link.label}
                    </SmartLink>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <div className="site-header__actions">
            {headerActions.map((action) => (
              <Button key={action.href} action={action} onClick={close} />
            ))}
          </div>
        </div>
      </div>
    </header>
  );
}
