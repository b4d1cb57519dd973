/**
 * Who may call a back-office route (docs/backoffice.md, "Operators"): the operator's role on the
 * wire, and the role lists the routes name.
 */
import { z } from 'zod';
import { OPERATOR_ROLES, type OperatorRole } from './values.js';

export const operatorRole = z.enum(OPERATOR_ROLES);

export const ADMIN = ['admin'] as const satisfies readonly OperatorRole[];
export const RISK = ['admin', 'risk'] as const satisfies readonly OperatorRole[];
export const READERS = ['admin', 'risk', 'support'] as const satisfies readonly OperatorRole[];
export const CLIENT_READERS = ['admin', 'support'] as const satisfies readonly OperatorRole[];
