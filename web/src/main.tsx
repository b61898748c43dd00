import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@shared/fonts/inter.css';
import '@shared/tokens.css';
import '@shared/base.css';
import './styles/base.css';
import { App, prepareApp, prepareRouter } from './app';
import { builtInTextsReady } from './lib/i18n';

// The modules' evaluation, the router's making, the app's start and the first render are four
// tasks, not one: a phone's main thread is free between them (issue 11's total blocking time).
// (index.html's loader fetched this code once the start-up popup, if it opened, was painted.) A
// language other than the default brings its built-in texts before the render (the default's
// are here).
window.setTimeout(prepareRouter);
window.setTimeout(() => {
  prepareApp();
  void builtInTextsReady().finally(() =>
    window.setTimeout(() =>
      createRoot(document.getElementById('root')!).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  );
});
