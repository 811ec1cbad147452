-- A browse that walks a term of salesperson_terms checks what only a salesperson's row can tell (a search longer
-- than the term, verified purchases, a pressure minimum) by looking up that row by its key, once per entry
-- walked, up to the bounded count's 1,001 matches. Through the primary key each lookup read the row from the
-- table: at a million salespeople "johnso" read 1,854 pages of it for 1,001 lookups (33 ms), most from outside
-- PostgreSQL's buffers. This index holds exactly those columns beside the key, in a tenth of the table's pages,
-- so the lookups read only it.
CREATE INDEX "salespeople_row_checks_idx" ON "salespeople" ("id")
  INCLUDE ("search_text", "verified_purchase_reviews", "pressure_average");
