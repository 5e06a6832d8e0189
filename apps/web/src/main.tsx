import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startEarly } from './app/router';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
// The page's chunk and main data start downloading now, while the current user is still being checked.
startEarly(new URL(window.location.href));
// Rendered as a transition, React yields to the browser every few milliseconds instead of holding the main thread for
// the whole first render (Lighthouse's Total Blocking Time); the prerendered landing page stays on screen meanwhile.
startTransition(() => createRoot(root).render(<App />));
