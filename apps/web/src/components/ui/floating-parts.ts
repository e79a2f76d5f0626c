/**
 * What floating.ts loads on the first gesture: everything that needs floating-ui, behind the app's
 * stand-ins. Nothing else imports these directly (eslint.config.js keeps it so).
 */
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Tooltip.css';

export { Menu, Tooltip } from '@mantine/core';
export { SelectField } from './select-field';
