/** Who a review, message, report or booking is about: enough to name them. */
export type SalespersonRef = { id: number; name: string };
