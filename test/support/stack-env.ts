// Points this test worker's SDK clients and settings at the shared local stack.
import { inject } from 'vitest';
import { resetClients } from '#shared/clients.ts';
import { reloadSettings } from '#shared/config.ts';

Object.assign(process.env, inject('stack').env);
reloadSettings();
resetClients();
