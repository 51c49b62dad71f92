/** Spec 000 §9: the office's doctors table shows 10 doctors a page. */
export const OFFICE_DOCTORS_PAGE_SIZE = 10;
