import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './assets/fonts/inter.css';
import './styles/tokens.css';
import './styles/base.css';
import { App, prepareApp } from './app';
import { bootPopupPainted } from './features/popup/boot-popup';
import { builtInTextsReady } from './lib/i18n';

// The modules' evaluation, the app's start and the first render are three tasks, not one: a
// phone's main thread is free between them (issue 11's total blocking time). The start waits for
// the popup index.html opened to be painted. A language other than the default brings its
// built-in texts before the render (the default's are here).
void bootPopupPainted().then(() =>
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
  }),
);
