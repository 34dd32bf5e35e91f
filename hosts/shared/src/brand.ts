export const PRODUCT_NAME = "Unbiased 24/7";
export const CONTACT_EMAIL = "contact@unbiased247.example";
