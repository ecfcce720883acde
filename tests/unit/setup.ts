import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { backOfficeMessages } from '../../src/admin/backOfficeMessages';
import { addMessages } from '../../src/i18n';

// The back-office adds its texts when it loads (src/admin/AdminApp.tsx); tests render its parts on their own.
addMessages(backOfficeMessages);

afterEach(() => cleanup());
