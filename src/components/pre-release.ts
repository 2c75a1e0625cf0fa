/**
 * The pre-release page's behaviour (PreRelease.astro): the moment worded in the visitor's own
 * time zone, the countdown, a screen reader told only at a day, an hour and a minute left, the
 * teaser's player on demand, and at the moment the release's own text in its place.
 */
import { onEveryPage } from '../page-start/every-page.ts';
import {
  countdownParts,
  formatReleaseMoment,
  milestoneOf,
  releaseInstant,
  untilNextTick,
  type Milestone,
} from '../lib/pre-release.ts';
import { embedUrl } from '../lib/video-embed.ts';

/** The page's running countdown, stopped when the router shows another page. */
let timer: ReturnType<typeof setTimeout> | undefined;

/** Shows the release's own text in place of the pre-release one, keeping the focus on the page. */
function showRelease(section: HTMLElement): void {
  const released = document.querySelector<HTMLElement>('[data-released-content]');
  if (!released) return;
  const hadFocus = section.contains(document.activeElement);
  released.hidden = false;
  section.remove();
  const heading = released.querySelector<HTMLElement>('h1');
  if (hadFocus && heading) {
    heading.tabIndex = -1;
    heading.focus();
  }
}

/** Replaces the teaser's link with its player, playing: the visitor just asked for it. */
function playTeaser(event: MouseEvent): void {
  const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-teaser]');
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  const frame = document.createElement('iframe');
  frame.src = embedUrl(link.dataset['teaser'] ?? '');
  frame.title = link.dataset['teaserTitle'] ?? '';
  frame.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
  frame.allowFullscreen = true;
  link.replaceWith(frame);
  frame.focus();
}

function setUp(): void {
  clearTimeout(timer);
  const section = document.querySelector<HTMLElement>('[data-pre-release]');
  const instant = releaseInstant(section?.dataset['releaseAt']);
  if (!section || instant === null) return;
  const locale = document.documentElement.lang;
  const moment = section.querySelector('[data-release-moment]');
  if (moment) moment.textContent = formatReleaseMoment(section.dataset['releaseAt'] ?? '', locale);
  const announcements = JSON.parse(section.dataset['announcements'] ?? '{}') as Partial<Record<Milestone, string>>;
  const live = document.querySelector('[data-pre-release-announce]');
  const boxes = [...section.querySelectorAll<HTMLElement>('[data-unit]')];
  // The milestone the visitor arrived in is on screen already: only a change is announced.
  let milestone = milestoneOf(instant - Date.now());

  const tick = () => {
    const left = instant - Date.now();
    const reached = milestoneOf(left);
    if (reached !== milestone && reached && live) live.textContent = announcements[reached] ?? '';
    milestone = reached;
    if (left <= 0) {
      showRelease(section);
      return;
    }
    const parts = countdownParts(left, locale);
    for (const [index, box] of boxes.entries()) {
      const part = parts[index];
      const [value, unit] = box.children;
      if (!part || !value || !unit) continue;
      value.textContent = part.value;
      unit.textContent = part.label;
    }
    timer = setTimeout(tick, untilNextTick(left));
  };
  tick();
  section.addEventListener('click', playTeaser);
}

onEveryPage(setUp);
