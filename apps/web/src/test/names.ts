import { computeAccessibleName } from 'dom-accessibility-api';

/** An element's accessible name as assistive technology computes it: its label, or its content. */
export const nameOf = (element: Element): string => computeAccessibleName(element);
