/**
 * What shoppers say for what a pharmacist would hand over: everyday words and phrases, and what the search
 * also looks for when one of them is typed (categories, generic names, words in product names). Matched as
 * whole words on the folded search (app/lib/search-query.ts: lowercase, no accents); a product found only
 * through one of these comes after those that hold the words typed.
 */
export type EverydayWords = { said: readonly string[]; means: readonly string[] };

export const EVERYDAY_WORDS: readonly EverydayWords[] = [
  { said: ["vit c", "vit. c", "vitc"], means: ["vitamin c", "ascorbic acid"] },
  { said: ["vit b", "vit. b", "b complex", "b-complex"], means: ["vitamin b"] },
  { said: ["vit", "vits", "vitamins", "multivitamin", "multivitamins"], means: ["vitamin"] },
  {
    said: [
      "painkiller",
      "painkillers",
      "pain killer",
      "pain killers",
      "pain relief",
      "pain",
      "body pain",
      "headache",
    ],
    means: ["analgesic", "paracetamol", "ibuprofen"],
  },
  { said: ["fever", "temperature"], means: ["paracetamol", "ibuprofen"] },
  {
    said: ["cough syrup", "cough medicine", "cough mixture", "catarrh", "cold", "flu", "running nose"],
    means: ["cough", "cold"],
  },
  {
    said: ["oral rehydration", "rehydration", "ors", "diarrhoea", "diarrhea", "stooling", "running stomach"],
    means: ["oral rehydration", "ors"],
  },
  { said: ["condom", "condoms", "rubber", "rubbers"], means: ["condom"] },
  {
    said: ["family planning", "contraceptive", "contraception", "morning after pill", "emergency pill", "p2"],
    means: ["contraceptive", "levonorgestrel"],
  },
  { said: ["malaria", "malaria drug", "malaria medicine", "anti malaria"], means: ["malaria"] },
  {
    said: ["worm", "worms", "deworm", "dewormer", "deworming", "worm medicine"],
    means: ["worm", "albendazole"],
  },
  {
    said: ["blood tonic", "iron", "anaemia", "anemia", "low blood"],
    means: ["ferrous", "hematinic", "folic acid"],
  },
  {
    said: ["high blood pressure", "blood pressure", "bp", "hypertension", "hbp"],
    means: ["cardiovascular", "amlodipine", "lisinopril", "losartan", "nifedipine"],
  },
  {
    said: ["diabetes", "sugar", "blood sugar", "diabetic"],
    means: ["anti-diabetic", "metformin", "insulin"],
  },
  {
    said: ["ulcer", "heartburn", "indigestion", "acidity", "stomach acid", "gastritis"],
    means: ["anti-ulcer", "antacid", "omeprazole"],
  },
  {
    said: ["allergy", "allergies", "sneezing", "hay fever", "itching"],
    means: ["anti allergy", "antihistamine"],
  },
  { said: ["asthma", "wheezing"], means: ["salbutamol", "respiratory"] },
  {
    said: ["fungal", "fungus", "ringworm", "candida", "toilet infection", "yeast infection"],
    means: ["anti-fungal", "clotrimazole", "fluconazole"],
  },
  { said: ["eye drop", "eye drops", "ear drops"], means: ["eye, ear"] },
  { said: ["disinfectant", "spirit"], means: ["antiseptic", "spirit"] },
  { said: ["depression"], means: ["antidepressant"] },
  { said: ["supplement", "supplements", "fish oil", "omega 3"], means: ["supplement", "cod liver oil"] },
];
