-- An entry reserved to one of the three administrators (their pages and codes) is
-- held by that role alone (issue 21). The demo's district administrator role was
-- given the unlock entry before unlocking became the security administrator's
-- (issue 13); the sessions and the policy already ignore such rows, and this
-- removes them, so the console shows what the role really gives.
DELETE FROM "role_menu_entries" AS rme
 USING "menu_entries" AS me
 WHERE me."id" = rme."menu_entry_id"
   AND me."reserved_role" IS NOT NULL
   AND me."reserved_role" <> rme."role_id";
