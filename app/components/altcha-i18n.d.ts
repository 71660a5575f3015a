// altcha ships its French strings without type declarations; importing the module registers them.
declare module "altcha/i18n/fr-fr";
