import createQueryApi from 'openapi-react-query';
import { api } from './api';

/**
 * Typed query and mutation options over the app's one client (TanStack Query). Only the screens'
 * calls use it, so it loads with them and the query client, never with the sign-in page.
 */
export const queryApi = createQueryApi(api.client);
