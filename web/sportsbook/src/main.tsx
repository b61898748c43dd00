import { createRoot } from 'react-dom/client';
import '@shared/fonts/inter.css';
import '@shared/tokens.css';
import './style.css';
import { App } from './App';
import { parseParams } from './params';

const params = parseParams(window.location.search);
document.documentElement.lang = params.lang;
const root = document.getElementById('root');
if (root) createRoot(root).render(<App params={params} />);
