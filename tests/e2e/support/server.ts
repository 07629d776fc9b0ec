// The browser tests start the real server through the one shared starter.
export { startServer, type RunningServer } from '../../../scripts/lib/portal-server';
