import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserApp } from './app/browser-app';
import './index.css';
import { followSettingsFromOtherTabs } from './stores';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
followSettingsFromOtherTabs();
createRoot(root).render(
  <StrictMode>
    <BrowserApp />
  </StrictMode>,
);
