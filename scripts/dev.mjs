#!/usr/bin/env node
// `npm run dev`: the API with reload (tsx watch) and Vite's development server in front of it.
// The browser talks only to Vite (http://localhost:5173), which proxies /api, /idp and /storage to
// the API. So the API must know that address as its public one: the sign-in's redirect (and every
// link the API writes, such as calendar feed URLs) must come back to Vite, not to the API's port,
// where only a production build (if any) would answer.
import concurrently from 'concurrently';

const apiPort = process.env.PORT || '3000';
const webPort = process.env.VITE_PORT || '5173';
const env = {
  PORT: apiPort,
  VITE_PORT: webPort,
  PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${webPort}`,
  VITE_API_TARGET: process.env.VITE_API_TARGET || `http://localhost:${apiPort}`,
};

const { result } = concurrently(
  [
    { name: 'api', command: 'tsx watch server/src/server.ts', env },
    { name: 'web', command: 'vite', env },
  ],
  { killOthersOn: ['failure', 'success'], prefixColors: ['blue', 'magenta'] },
);
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
