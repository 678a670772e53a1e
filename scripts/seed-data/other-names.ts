/**
 * Other names shoppers use for the demo catalogue's medicines, by generic name (as catalogue.ts writes it):
 * international names (acetaminophen, albuterol, glyburide), older or other spellings (amoxycillin,
 * besylate, sulfate) and the brands sold in Nigeria for the same medicine. The seed gives each product the
 * names of its generic name that its own name does not already hold, as its "also known as" names.
 */
export const OTHER_NAMES: Record<string, string[]> = {
  Paracetamol: ["Acetaminophen", "Panadol", "Tylenol", "Calpol"],
  "Paracetamol, Caffeine": ["Acetaminophen", "Panadol Extra"],
  "Aspirin, Caffeine": ["Acetylsalicylic acid", "Headache powder"],
  Ibuprofen: ["Brufen", "Nurofen", "Advil", "Motrin"],
  "Diclofenac sodium": ["Voltaren", "Cataflam", "Olfen"],
  "Hyoscine butylbromide": ["Butylscopolamine", "Scopolamine butylbromide", "Buscopan"],
  "Chlorphenamine maleate": ["Chlorpheniramine", "Piriton"],
  Loratadine: ["Claritin", "Clarityne"],
  "Cetirizine hydrochloride": ["Zyrtec", "Alerid"],
  "Artemether, Lumefantrine": ["Coartem", "Lonart", "Amatem", "Lumartem", "ACT"],
  "Artesunate, Amodiaquine": ["Camosunate", "Coarsucam", "ASAQ", "ACT"],
  "Sulfadoxine, Pyrimethamine": ["Fansidar", "Maloxine"],
  Amoxicillin: ["Amoxil", "Amoxycillin", "Amoxicilline"],
  "Amoxicillin, Clavulanic acid": ["Co-amoxiclav", "Amoxiclav", "Clavulin", "Augmentin"],
  "Ampicillin, Cloxacillin": ["Ampiclox", "Ampicillin/Cloxacillin"],
  Ciprofloxacin: ["Cipro", "Ciprobay", "Ciprinol"],
  Metronidazole: ["Flagyl", "Metrogyl"],
  "Co-trimoxazole (Sulfamethoxazole, Trimethoprim)": ["Bactrim", "Cotrimoxazole", "Septrin"],
  Azithromycin: ["Zithromax", "Azithral", "Z-Pak"],
  "Betamethasone, Clotrimazole, Gentamicin": ["Triderm", "Gentriderm"],
  Chloramphenicol: ["Chloromycetin"],
  "Amlodipine besilate": ["Norvasc", "Amlodipine besylate"],
  Lisinopril: ["Zestril", "Prinivil"],
  "Losartan potassium": ["Cozaar"],
  Nifedipine: ["Adalat"],
  "Acetylsalicylic acid": ["Aspirin", "Disprin", "Cardiprin"],
  "Metformin hydrochloride": ["Glucophage"],
  Glibenclamide: ["Glyburide", "Daonil"],
  "Human insulin (30% soluble, 70% isophane)": ["Humulin 70/30", "Premixed insulin"],
  Omeprazole: ["Losec", "Prilosec", "Omez"],
  "Aluminium hydroxide, Magnesium hydroxide, Simethicone": ["Antacid", "Maalox", "Gelusil"],
  "Sodium alginate, Sodium bicarbonate, Calcium carbonate": ["Antacid", "Peptac"],
  "Oral rehydration salts": ["Oral rehydration solution", "Pedialyte", "Oralyte"],
  "Zinc sulphate": ["Zinc sulfate"],
  "Ascorbic acid": ["Vit C", "Redoxon"],
  "Thiamine, Riboflavin, Nicotinamide, Pyridoxine": ["Vit B", "B-Complex"],
  "Cod liver oil (Omega-3, Vitamins A and D)": ["Fish oil"],
  "Ferrous sulphate": ["Ferrous sulfate", "Iron tablets"],
  "Folic acid": ["Folate", "Vitamin B9"],
  "Diphenhydramine, Levomenthol": ["Benadryl"],
  "Paracetamol, Phenylephrine, Chlorphenamine": ["Acetaminophen", "Chlorpheniramine", "Procold"],
  Salbutamol: ["Albuterol", "Ventolin", "Asthalin", "Proventil"],
  Clotrimazole: ["Canesten", "Lotrimin"],
  Fluconazole: ["Diflucan"],
  Chloroxylenol: ["Dettol", "PCMX"],
  "Ethanol, Methanol": ["Surgical spirit"],
  Albendazole: ["Zentel", "Albenza"],
  Levonorgestrel: ["Postinor", "Plan B", "Morning-after pill", "Emergency contraceptive"],
  "Latex condom": ["Rubber", "Gold Circle", "Fiesta"],
  "Amitriptyline hydrochloride": ["Elavil", "Tryptizol"],
};

/** A product's other names: those of its generic name that its own name does not already hold. */
export function otherNamesOf(product: { name: string; genericName: string }): string[] {
  const name = product.name.toLowerCase();
  return (OTHER_NAMES[product.genericName] ?? []).filter((other) => !name.includes(other.toLowerCase()));
}
