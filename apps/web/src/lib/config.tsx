import { createContext, useContext, type ReactNode } from 'react';
import type { RuntimeConfig } from '@pca/contracts';
import { apiPaths, embeddedConfigElementId } from '@pca/contracts/paths.ts';
import { ApiError, parseRetryAfter } from './api-error.ts';

const ConfigContext = createContext<RuntimeConfig | null>(null);

/**
 * The runtime configuration the server wrote into the page it served (a JSON script element, never
 * executed), or null when there is none — the development server and tests — or it cannot be read.
 * It saves the round trip to `/api/config` before the first paint.
 */
export function embeddedConfig(doc: Document = document): RuntimeConfig | null {
  const text = doc.getElementById(embeddedConfigElementId)?.textContent;
  if (!text) return null;
  try {
    // The API validated this payload against the shared schema before writing it into the page.
    return JSON.parse(text) as RuntimeConfig;
  } catch {
    return null;
  }
}

/**
 * Fetches the runtime configuration; the SPA renders only once it has it (docs/product/rules.md#calls). A refusal throws
 * an ApiError, so the start-up page can tell maintenance (503) from a failure.
 */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl(apiPaths.config, { headers: { Accept: 'application/json' } });
  if (!response.ok)
    throw new ApiError(response.status, null, parseRetryAfter(response.headers.get('Retry-After')));
  // The API validates this payload against the shared schema before sending it.
  return (await response.json()) as RuntimeConfig;
}

/** Props of ConfigProvider. */
export type ConfigProviderProps = {
  /** The loaded runtime configuration. */
  config: RuntimeConfig;
  /** The application. */
  children: ReactNode;
};

/** Makes the runtime configuration available to useConfig(). */
export function ConfigProvider({ config, children }: ConfigProviderProps) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

/** The runtime configuration loaded at start-up. */
export function useConfig(): RuntimeConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig() must be used inside <ConfigProvider>.');
  return config;
}
