import DOMPurify from 'dompurify';

/**
 * SoftGamings answers its launch with the HTML of a page plus a script that starts the game
 * (spec section 7). The page is written into `container` sanitized by DOMPurify (which drops its
 * scripts and event handlers), then each of its scripts is re-created as a script element (its
 * `src`, or its text) and appended in order, so the browser runs it: a script set through
 * innerHTML never runs. The site's Content-Security-Policy decides what may run: scripts of the
 * site only today, so a configured SoftGamings needs its script origin allowed there too.
 * Returns the number of scripts started.
 */
export function mountHtmlGame(container: HTMLElement, html: string): number {
  container.innerHTML = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_TAGS: ['iframe'],
    ADD_ATTR: ['allow', 'allowfullscreen', 'frameborder', 'scrolling'],
  });
  const page = new DOMParser().parseFromString(html, 'text/html');
  let started = 0;
  for (const original of page.querySelectorAll('script')) {
    const script = document.createElement('script');
    const src = original.getAttribute('src');
    if (src) {
      script.src = src;
      script.async = false;
    } else {
      script.text = original.textContent ?? '';
    }
    const type = original.getAttribute('type');
    if (type) script.type = type;
    container.appendChild(script);
    started++;
  }
  return started;
}
