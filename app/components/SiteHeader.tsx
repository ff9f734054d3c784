import { ChevronDown } from "~/ui/icons/chevron-down";
import { Menu } from "~/ui/icons/menu";
import { X } from "~/ui/icons/x";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { CartButton } from "~/cart/CartButton";
import { SearchPanel, SearchToggle } from "~/search/SearchBox";
import { NAV_ITEMS, type NavItem } from "./navigation";
import { Wordmark } from "./Wordmark";

/** The owner's site-wide banner (X-CAT-5); none when they left it empty. */
function SaleBanner({ text }: { text: string }) {
  if (!text) return null;
  return (
    <div className="bg-accent px-4 py-1.5 text-center text-xs font-semibold tracking-widest text-white uppercase sm:text-sm">
      {text}
    </div>
  );
}

function NavEntry({ item }: { item: NavItem }) {
  // Escape hides a submenu opened by hover or focus (WCAG 1.4.13) until the pointer or focus leaves.
  const [dismissed, setDismissed] = useState(false);
  return (
    <li
      className="group relative"
      data-dismissed={dismissed || undefined}
      onKeyDown={(event) => {
        if (event.key === "Escape" && item.children) {
          setDismissed(true);
          event.currentTarget.querySelector<HTMLAnchorElement>("a")?.focus();
        }
      }}
      onMouseLeave={() => setDismissed(false)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setDismissed(false);
      }}
    >
      <NavLink
        to={item.to}
        className={({ isActive }) =>
          `flex items-center gap-1 px-3 py-2 font-display text-base tracking-wider uppercase hover:text-accent-bright ${isActive ? "text-accent-bright" : "text-paper"}`
        }
      >
        {item.label}
        {item.children ? <ChevronDown aria-hidden="true" className="size-4" /> : null}
      </NavLink>
      {item.children ? (
        <ul
          aria-label={`${item.label} sections`}
          className="invisible absolute top-full left-0 z-40 min-w-52 translate-y-1 rounded-b bg-paper py-2 text-ink opacity-0 shadow-xl ring-1 ring-black/10 transition group-focus-within:visible group-focus-within:translate-y-0 group-focus-within:opacity-100 group-hover:visible group-hover:translate-y-0 group-hover:opacity-100 group-data-dismissed:invisible group-data-dismissed:opacity-0"
        >
          {item.children.map((child) => (
            <li key={child.to}>
              <Link
                to={child.to}
                className="block px-4 py-2 text-sm font-medium hover:bg-stone focus-visible:bg-stone"
              >
                {item.label} {child.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function DesktopNav() {
  return (
    <nav aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {NAV_ITEMS.map((item) => (
          <NavEntry key={item.to} item={item} />
        ))}
      </ul>
    </nav>
  );
}

function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <nav
      id="mobile-menu"
      aria-label="Mobile"
      // Without JavaScript the menu button cannot work, so the links show as a row (X-SHOP-2).
      className={`border-t border-white/10 bg-ink noscript:block lg:hidden noscript:lg:hidden ${open ? "block" : "hidden"}`}
    >
      <ul className="px-4 py-2 noscript:flex noscript:flex-wrap noscript:gap-x-5 noscript:py-0">
        {NAV_ITEMS.map((item) => (
          <li key={item.to} className="border-b border-white/10 last:border-0">
            <Link
              to={item.to}
              onClick={onClose}
              className="block py-3 font-display text-lg tracking-wider text-paper uppercase"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteHeader({ bannerText }: { bannerText: string }) {
  const { pathname } = useLocation();
  // The menu is open for the page it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const closeMenu = () => setOpenOn(null);
  const [searchOn, setSearchOn] = useState<string | null>(null);
  const searchOpen = searchOn === pathname;
  const searchToggleRef = useRef<HTMLButtonElement>(null);
  const searchPanelId = `${useId()}-search`;
  const setSearchOpen = (open: boolean) => setSearchOn(open ? pathname : null);
  const menuToggleRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);

  // Issue 56 (WCAG 2.4.11): the page scrolls a focused control clear of the sticky header
  // (app.css's scroll-padding-top reads --header-height), whatever its height at this width:
  // the owner's banner wraps on a phone, and the open menu or search makes it taller.
  useEffect(() => {
    const header = headerRef.current;
    if (!header) return;
    const root = document.documentElement;
    const measure = () =>
      root.style.setProperty("--header-height", `${header.getBoundingClientRect().height}px`);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);

  // Issue 56: Escape closes the phone's menu, and the focus goes back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOn(null);
      menuToggleRef.current?.focus();
    };
    document.addEventListener("keydown", close);
    return () => document.removeEventListener("keydown", close);
  }, [menuOpen]);

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-30 bg-ink text-paper shadow-md noscript:static"
    >
      <SaleBanner text={bannerText} />
      {/* Three columns, the outer two of equal share: each part's place depends on the width
          alone, not on the parts after it, so a page painted before its header is all read (a
          slow link) does not move when the rest arrives (issue 51 item 6, CLS 0). */}
      <div className="mx-auto grid h-16 max-w-7xl grid-cols-[1fr_auto_1fr] items-center gap-4 px-4">
        <button
          ref={menuToggleRef}
          type="button"
          className="-ml-2 justify-self-start rounded p-2 lg:hidden noscript:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
        <Link to="/" aria-label="GRIP TRUTH home" className="justify-self-start">
          <Wordmark className="text-2xl sm:text-3xl" />
        </Link>
        <DesktopNav />
        <div className="col-start-3 flex items-center gap-1 justify-self-end">
          <SearchToggle
            open={searchOpen}
            panelId={searchPanelId}
            onOpenChange={setSearchOpen}
            buttonRef={searchToggleRef}
          />
          <CartButton />
        </div>
      </div>
      <MobileMenu open={menuOpen} onClose={closeMenu} />
      <SearchPanel
        open={searchOpen}
        panelId={searchPanelId}
        onOpenChange={setSearchOpen}
        toggleRef={searchToggleRef}
      />
      {/* The end of the header, which the first paint waits for (app/root.tsx). */}
      <span id="gt-header-end" />
    </header>
  );
}
