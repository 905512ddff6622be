import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadConfig } from '#lib/config.tsx';
import { silenceConsoleInProduction } from '#lib/console.ts';
import { App } from '#app/app.tsx';

silenceConsoleInProduction();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const root = createRoot(container);

// Configuration is loaded before the app renders (docs/product/rules.md#calls): flags and links are known from the first paint.
loadConfig()
  .then((config) => {
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
  })
  .catch(async (error: unknown) => {
    console.error('Could not load the runtime configuration', error);
    // Loaded only on failure, so its alert and icon code stays out of every normal start.
    const { StartupError } = await import('#app/startup-error.tsx');
    root.render(<StartupError error={error} />);
  });
