import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/routes';
import './index.css';
import { followSettingsFromOtherTabs } from './stores';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
followSettingsFromOtherTabs();
createRoot(root).render(
  <StrictMode>
    <App router={createAppRouter()} />
  </StrictMode>,
);
