/** What every new-password field says: the password policy both identity providers enforce. */
export const PASSWORD_HINT = "At least 8 characters, with upper and lower case letters, a number and a symbol.";
