-- the code import refuses a code already in the store, whatever its SKU (decision 050): found by the code alone
CREATE INDEX `cdkeys_by_code_idx` ON `cdkeys` (`code`);
