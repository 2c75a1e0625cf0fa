/**
 * The sign-up form's behaviour (FanSignup.astro), as small as it can be in a page's first
 * load: the form's submit is taken here, and what sends it and answers in three languages
 * (fan-signup-answer.ts) is fetched when a visitor first steps into the form. Delegated from the
 * document, so it serves every page the router shows; it loads before the router, so it takes
 * the form's submit first.
 */
const FORM = 'form[data-fan-signup]';
const answering = () => import('./fan-signup-answer.ts');

document.addEventListener('focusin', (event) => {
  if (event.target instanceof Element && event.target.closest(FORM)) void answering();
});

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.matches(FORM)) return;
  event.preventDefault();
  // Without the module (the network dropped), the form posts as it does without JavaScript.
  answering().then(
    ({ submit }) => submit(form),
    () => form.submit(),
  );
});
