import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { API_URL } from './app/config/api-origin';
import { appRoutes } from './app/router/app-routes';
import './app/styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App apiUrl={API_URL} router={createBrowserRouter(appRoutes)} />
  </StrictMode>,
);
