import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { BridgeContext } from './bridge/hooks';
import { connectBridge } from './bridge/uploader';
import { IntlRoot } from './i18n/IntlRoot';
// The stylesheet is bundled with the script (as main.css): features may import their own.
import './styles.css';
import './styles/shared-parts.css';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <BridgeContext.Provider value={connectBridge()}>
      <IntlRoot>
        <App />
      </IntlRoot>
    </BridgeContext.Provider>
  </StrictMode>,
);
