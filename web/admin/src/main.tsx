import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@shared/fonts/inter.css';
import '@shared/tokens.css';
import '@shared/base.css';
import './styles/app.css';
import { App } from './app';

// The back office is in English only (its staff work in English; see ../README.md).
document.documentElement.lang = 'en';
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
