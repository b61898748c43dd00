import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './assets/fonts/inter.css';
import './styles/tokens.css';
import './styles/base.css';
import { App } from './app';
import { builtInTextsReady } from './lib/i18n';

// A language other than the default brings its built-in texts first (the default's are here).
// The first render is a task of its own, not the tail of the modules' evaluation: a phone's main
// thread is free between the two (issue 11's total blocking time).
void builtInTextsReady().finally(() =>
  window.setTimeout(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
