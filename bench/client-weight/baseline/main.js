// The client-weight baseline (bench/README.md): the smallest React 19 + react-router app with two
// routes and a link between them, built by Vite for production. Plain JS (createElement, no JSX)
// so that it builds with Vite alone, without plugins.
/* global document */
import { StrictMode, createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, RouterProvider } from 'react-router';

function Page({ title, to }) {
  return h('main', null, h('h1', null, title), h(Link, { to }, 'Next'));
}

const router = createBrowserRouter([
  { path: '/', element: h(Page, { title: 'Landing', to: '/login' }) },
  { path: '/login', element: h(Page, { title: 'Login', to: '/' }) },
]);

createRoot(document.getElementById('root')).render(
  h(StrictMode, null, h(RouterProvider, { router })),
);
