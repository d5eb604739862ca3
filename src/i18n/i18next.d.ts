import "i18next"

// i18nextOptions sets returnNull: false; tell the types, so t() returns a string.
declare module "i18next" {
  interface CustomTypeOptions {
    returnNull: false
  }
}
