import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { INACTIVITY_LIMIT_SECONDS } from '@contracts/api/constants';
import type { RuntimeConfig } from '@contracts/api/entities';

/** The server's defaults (spec README "One server, three bases"); used until /config.json loads. */
export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  apiBase: '/api',
  urlBase: '',
  merchantApiBase: '/api',
  inactivityLimitSeconds: INACTIVITY_LIMIT_SECONDS,
  productionHosts: [],
  testSiteHost: '',
  liveSiteHost: '',
};

export const configSlice = createSlice({
  name: 'config',
  initialState: DEFAULT_RUNTIME_CONFIG,
  reducers: {
    configLoaded: (_state, action: PayloadAction<RuntimeConfig>) => action.payload,
  },
  selectors: {
    selectRuntimeConfig: (state) => state,
    selectInactivityLimit: (state) => state.inactivityLimitSeconds || INACTIVITY_LIMIT_SECONDS,
  },
});

export const { configLoaded } = configSlice.actions;
export const { selectRuntimeConfig, selectInactivityLimit } = configSlice.selectors;
