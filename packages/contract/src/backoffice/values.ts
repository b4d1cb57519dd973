/**
 * Operator roles (docs/backoffice.md): `admin` may do everything, `risk` the markets, results,
 * matka and casino, `support` read clients and reports.
 */
export const OPERATOR_ROLES = ['admin', 'risk', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
