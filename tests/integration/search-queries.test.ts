/**
 * What shoppers type, and the medicine it must find among the first five results, against the demo
 * catalogue: misspellings heard at the chemist, brands sold in Nigeria, international names, case and
 * accents, plurals and everyday words. Through `GET /api/products?q=`, the search every page uses; the
 * pages' own words ("Did you mean", nothing found) are tested after it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { Client, seedDemoCatalogue } from "./helpers";

const PARACETAMOL = "Paracetamol 500mg Tablets (Pack of 96)";
const AMOXICILLIN = "Amoxicillin 500mg Capsules (Pack of 20)";
const IBUPROFEN = "Ibuprofen 400mg Tablets (Pack of 24)";
const METFORMIN = "Metformin 500mg Tablets (Pack of 100)";
const CETIRIZINE = "Cetirizine 10mg Tablets (Pack of 10)";
const LORATADINE = "Loratadine 10mg Tablets (Pack of 10)";
const DICLOFENAC = "Diclofenac Sodium 50mg Tablets (Pack of 100)";
const FLAGYL = "Flagyl 400mg Tablets (Pack of 14)";
const CIPROTAB = "Ciprotab 500mg Tablets (Pack of 10)";
const AZITHROMYCIN = "Azithromycin 500mg Tablets (Pack of 3)";
const OMEPRAZOLE = "Omeprazole 20mg Capsules (Pack of 28)";
const AMLODIPINE = "Amlodipine 10mg Tablets (Pack of 28)";
const LISINOPRIL = "Lisinopril 10mg Tablets (Pack of 28)";
const LOSARTAN = "Losartan 50mg Tablets (Pack of 28)";
const NIFEDIPINE = "Nifedipine 20mg Retard Tablets (Pack of 100)";
const GLIBENCLAMIDE = "Glibenclamide 5mg Tablets (Pack of 100)";
const VENTOLIN = "Ventolin Evohaler 100mcg Inhaler (200 doses)";
const CHLORAMPHENICOL = "Chloramphenicol 0.5% Eye Drops (10ml)";
const CANESTEN = "Canesten Clotrimazole 1% Cream (20g)";
const FLUCONAZOLE = "Fluconazole 150mg Capsule (Pack of 1)";
const ALBENDAZOLE = "Albendazole 400mg Chewable Tablet (Pack of 1)";
const FOLIC_ACID = "Folic Acid 5mg Tablets (Pack of 100)";
const FERROUS = "Ferrous Sulphate 200mg Tablets (Pack of 100)";
const POSTINOR = "Postinor-2 Levonorgestrel 0.75mg Tablets (2)";
const COARTEM = "Coartem 80/480mg Tablets (6)";
const LONART = "Lonart DS 80/480mg Tablets (6)";
const BUSCOPAN = "Buscopan 10mg Tablets (Pack of 20)";
const PIRITON = "Piriton Chlorphenamine 4mg Tablets (Pack of 30)";
const SEPTRIN = "Septrin 480mg Tablets (Pack of 20)";
const AUGMENTIN = "Augmentin 625mg Tablets (Pack of 14)";
const PANADOL_EXTRA = "Panadol Extra 500mg/65mg Tablets (Pack of 16)";
const PANADOL_BABY = "Panadol Baby & Infant Suspension 120mg/5ml (100ml)";
const SP = "Sulfadoxine/Pyrimethamine 500/25mg Tablets (3)";
const ASPIRIN = "Aspirin 75mg Dispersible Tablets (Pack of 28)";
const ZINC = "Zinc Sulphate 20mg Dispersible Tablets (Pack of 10)";
const DUREX = "Durex Extra Safe Condoms (Pack of 3)";
const VITAMIN_C = "Vitamin C 1000mg Effervescent Tablets (Tube of 20)";
const BENYLIN = "Benylin Original Cough Syrup (100ml)";
const ORS = "Emzor ORS Low Osmolarity Sachets (Pack of 10)";
const GAVISCON = "Gaviscon Double Action Liquid (300ml)";
const GESTID = "Gestid Antacid Suspension (200ml)";
const SEVEN_SEAS = "Seven Seas Cod Liver Oil Capsules (Pack of 60)";
const SPIRIT = "Methylated Spirit (500ml)";
const CAMOSUNATE = "Camosunate Adult Artesunate/Amodiaquine Tablets (6)";

/** [what the shopper types, a medicine it must find among the first five] */
const QUERIES: [string, string][] = [
  // Misspellings: a letter missing, doubled, swapped or wrong, one or two of them.
  ["paracetmol", PARACETAMOL],
  ["paracetamoll", PARACETAMOL],
  ["parcetamol", PARACETAMOL],
  ["paracitamol", PARACETAMOL],
  ["amoxicilin", AMOXICILLIN],
  ["amoxcillin", AMOXICILLIN],
  ["amoxycilin", AMOXICILLIN],
  ["ibuprofin", IBUPROFEN],
  ["ibrupofen", IBUPROFEN],
  ["iboprufen", IBUPROFEN],
  ["metfornim", METFORMIN],
  ["metformine", METFORMIN],
  ["cetrizine", CETIRIZINE],
  ["loratidine", LORATADINE],
  ["diclofenak", DICLOFENAC],
  ["metronidazol", FLAGYL],
  ["flagil", FLAGYL],
  ["ciprofloxacine", CIPROTAB],
  ["azithromicin", AZITHROMYCIN],
  ["omeprazle", OMEPRAZOLE],
  ["amlodopine", AMLODIPINE],
  ["lisinoprl", LISINOPRIL],
  ["losarten", LOSARTAN],
  ["nifedipin", NIFEDIPINE],
  ["glibenclamid", GLIBENCLAMIDE],
  ["salbutamole", VENTOLIN],
  ["ventoline", VENTOLIN],
  ["chloramphenicole", CHLORAMPHENICOL],
  ["clotrimazol", CANESTEN],
  ["flucanazole", FLUCONAZOLE],
  ["albendazol", ALBENDAZOLE],
  ["folik acid", FOLIC_ACID],
  ["ferous sulphate", FERROUS],
  // A misspelt word beside a strength, or inside a name with a sign.
  ["ibuprofin 400mg", IBUPROFEN],
  ["co-amoxiclv", AUGMENTIN],
  ["postinor", POSTINOR],
  ["coatem", COARTEM],
  ["buscopam", BUSCOPAN],
  ["augmentine", AUGMENTIN],
  ["panadool", PANADOL_EXTRA],
  ["camosunat", CAMOSUNATE],
  // Brands sold in Nigeria for the catalogue's generics.
  ["amoxil", AMOXICILLIN],
  ["losec", OMEPRAZOLE],
  ["brufen", IBUPROFEN],
  ["voltaren", DICLOFENAC],
  ["zyrtec", CETIRIZINE],
  ["claritin", LORATADINE],
  ["glucophage", METFORMIN],
  ["norvasc", AMLODIPINE],
  ["daonil", GLIBENCLAMIDE],
  ["tylenol", PARACETAMOL],
  ["calpol", PANADOL_BABY],
  ["cipro", CIPROTAB],
  ["zithromax", AZITHROMYCIN],
  ["fansidar", SP],
  ["zentel", ALBENDAZOLE],
  ["diflucan", FLUCONAZOLE],
  ["bactrim", SEPTRIN],
  ["lonart", COARTEM],
  ["coartem", LONART],
  ["piriton", PIRITON],
  // International and older names.
  ["acetaminophen", PARACETAMOL],
  ["albuterol", VENTOLIN],
  ["chlorpheniramine", PIRITON],
  ["glyburide", GLIBENCLAMIDE],
  ["co-amoxiclav", AUGMENTIN],
  ["amoxicillin + clavulanic acid", AUGMENTIN],
  ["ferrous sulfate", FERROUS],
  ["zinc sulfate", ZINC],
  ["amlodipine besylate", AMLODIPINE],
  ["scopolamine", BUSCOPAN],
  ["acetylsalicylic acid", ASPIRIN],
  ["cotrimoxazole", SEPTRIN],
  ["amoxycillin", AMOXICILLIN],
  // Case, accents, plurals.
  ["Paracétamol", PARACETAMOL],
  ["PARACETAMOL", PARACETAMOL],
  ["IBUPROFÈN", IBUPROFEN],
  ["condoms", DUREX],
  ["condom", DUREX],
  ["vitamins", VITAMIN_C],
  // Everyday words.
  ["vit c", VITAMIN_C],
  ["cough syrup", BENYLIN],
  ["oral rehydration", ORS],
  ["ors", ORS],
  ["diarrhoea", ORS],
  ["painkiller", IBUPROFEN],
  ["malaria", COARTEM],
  ["worm medicine", ALBENDAZOLE],
  ["blood tonic", FERROUS],
  ["morning after pill", POSTINOR],
  ["asthma", VENTOLIN],
  ["high blood pressure", AMLODIPINE],
  ["diabetes", METFORMIN],
  ["heartburn", GAVISCON],
  ["antacid", GESTID],
  ["allergy", CETIRIZINE],
  ["toilet infection", CANESTEN],
  ["fish oil", SEVEN_SEAS],
  ["eye drops", CHLORAMPHENICOL],
  ["spirit", SPIRIT],
];

type ApiProduct = { name: string };
const firstFive = async (q: string) => {
  const res = await new Client().get(`/api/products?q=${encodeURIComponent(q)}&limit=5`);
  expect(res.status).toBe(200);
  return ((await res.json()) as ApiProduct[]).map((p) => p.name);
};

describe("what shoppers type finds the medicine", () => {
  beforeEach(async () => {
    await seedDemoCatalogue();
  });

  it("has at least 60 queries, each naming a product of the demo catalogue", async () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(60);
    const names = new Set(await allNames());
    expect(QUERIES.filter(([, name]) => !names.has(name))).toEqual([]);
  });

  it.each(QUERIES)("%s → %s", async (q, name) => {
    expect(await firstFive(q)).toContain(name);
  });
});

async function allNames(): Promise<string[]> {
  const res = await new Client().get("/api/products?limit=500");
  return ((await res.json()) as ApiProduct[]).map((p) => p.name);
}
