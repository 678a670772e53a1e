/**
 * The demo catalogue: what a Nigerian community pharmacy typically stocks, at plausible 2026 retail prices
 * (naira). Names carry strength and pack so each line is unique and searchable.
 *
 * The home page hero shows the alphabetically first product (SQLite BINARY order, case-insensitive LIKE
 * prefix) for each HERO_PRODUCT_NAMES prefix, so the generic lines "Paracetamol 500mg…", "Amoxicillin
 * 500mg…", "Vitamin C 1000mg…" and "Ibuprofen 400mg…" must sort before every other name with the same
 * prefix (e.g. no "Paracetamol 125mg…", which would win on "1" < "5").
 */
import type { ProductCategory } from "../../app/lib/categories";

export type ProductForm =
  | "tablet"
  | "capsule"
  | "syrup"
  | "cream"
  | "injection"
  | "drops"
  | "device"
  | "sachet"
  | "bottle"
  | "inhaler"
  | "jar"
  | "box"
  | "dressing"
  | "infusion";

export type SeedProduct = {
  name: string;
  category: ProductCategory;
  priceNaira: number;
  form: ProductForm;
};

type Line = [name: string, priceNaira: number, form: ProductForm];

const inCategory = (category: ProductCategory, lines: Line[]): SeedProduct[] =>
  lines.map(([name, priceNaira, form]) => ({ name, category, priceNaira, form }));

export const CATALOGUE: SeedProduct[] = [
  ...inCategory("Analgesics", [
    ["Paracetamol 500mg Tablets (Pack of 96)", 1200, "tablet"],
    ["Paracetamol Suspension 120mg/5ml (100ml)", 900, "syrup"],
    ["Emzor Paracetamol 500mg Tablets (Pack of 96)", 1350, "tablet"],
    ["Panadol Extra 500mg/65mg Tablets (Pack of 16)", 1900, "tablet"],
    ["Panadol Baby & Infant Suspension 120mg/5ml (100ml)", 3200, "syrup"],
    ["Alabukun Powder 760mg (Pack of 12 Sachets)", 700, "sachet"],
  ]),
  ...inCategory("Anti Allergy", [
    ["Loratadine 10mg Tablets (Pack of 10)", 700, "tablet"],
    ["Cetirizine 10mg Tablets (Pack of 10)", 800, "tablet"],
    ["Piriton Chlorphenamine 4mg Tablets (Pack of 30)", 1200, "tablet"],
    ["Chlorphenamine Syrup 2mg/5ml (60ml)", 600, "syrup"],
  ]),
  ...inCategory("Anti-Cancer", [["Letrozole 2.5mg Tablets (Pack of 30)", 9500, "tablet"]]),
  ...inCategory("Oncology Drugs", [["Tamoxifen 20mg Tablets (Pack of 30)", 4500, "tablet"]]),
  ...inCategory("Anti-Diabetic Drugs", [
    ["Metformin 500mg Tablets (Pack of 100)", 2800, "tablet"],
    ["Glucophage 850mg Tablets (Pack of 30)", 4500, "tablet"],
    ["Glibenclamide 5mg Tablets (Pack of 100)", 1500, "tablet"],
    ["Glimepiride 2mg Tablets (Pack of 30)", 2500, "tablet"],
    ["Diamicron MR 60mg Tablets (Pack of 30)", 9000, "tablet"],
    ["Mixtard 30 Insulin 100IU/ml Vial (10ml)", 12000, "injection"],
  ]),
  ...inCategory("Anti-Fungal", [
    ["Canesten Clotrimazole 1% Cream (20g)", 2500, "cream"],
    ["Fluconazole 150mg Capsule (Pack of 1)", 600, "capsule"],
    ["Ketoconazole 200mg Tablets (Pack of 10)", 1200, "tablet"],
    ["Griseofulvin 500mg Tablets (Pack of 20)", 1500, "tablet"],
    ["Nystatin Oral Suspension 100,000IU/ml (30ml)", 1500, "drops"],
  ]),
  ...inCategory("Anti-inflamatory", [
    ["Dexamethasone 0.5mg Tablets (Pack of 100)", 900, "tablet"],
    ["Prednisolone 5mg Tablets (Pack of 100)", 1500, "tablet"],
    ["Serrapeptase 10mg Tablets (Pack of 30)", 3500, "tablet"],
  ]),
  ...inCategory("Anti-Diarrhea", [
    ["Loperamide 2mg Capsules (Pack of 12)", 700, "capsule"],
    ["Imodium 2mg Capsules (Pack of 6)", 2800, "capsule"],
  ]),
  ...inCategory("Anti-Malaria", [
    ["Coartem 80/480mg Tablets (6)", 6500, "tablet"],
    ["Coartem Dispersible 20/120mg Tablets (12)", 4500, "tablet"],
    ["Lonart DS 80/480mg Tablets (6)", 3000, "tablet"],
    ["P-Alaxin 40/320mg Tablets (9)", 3500, "tablet"],
    ["Amatem Softgel 80/480mg Capsules (6)", 3200, "capsule"],
    ["Lumartem 80/480mg Tablets (6)", 2800, "tablet"],
    ["Camosunate Adult Artesunate/Amodiaquine Tablets (6)", 3000, "tablet"],
    ["Sulfadoxine/Pyrimethamine 500/25mg Tablets (3)", 900, "tablet"],
  ]),
  ...inCategory("Anti-Ulcer", [
    ["Omeprazole 20mg Capsules (Pack of 28)", 1500, "capsule"],
    ["Esomeprazole 40mg Tablets (Pack of 14)", 3500, "tablet"],
    ["Pantoprazole 40mg Tablets (Pack of 14)", 2500, "tablet"],
    ["Gestid Antacid Tablets (Pack of 100)", 3500, "tablet"],
    ["Gestid Antacid Suspension (200ml)", 2200, "syrup"],
    ["Gaviscon Double Action Liquid (300ml)", 8500, "syrup"],
    ["Magnesium Trisilicate Mixture (200ml)", 700, "syrup"],
  ]),
  ...inCategory("Antiandrogens", [["Finasteride 5mg Tablets (Pack of 28)", 4500, "tablet"]]),
  ...inCategory("Antibiotics", [
    ["Amoxicillin 500mg Capsules (Pack of 20)", 1800, "capsule"],
    ["Amoxicillin Suspension 125mg/5ml (100ml)", 1200, "syrup"],
    ["Augmentin 625mg Tablets (Pack of 14)", 14500, "tablet"],
    ["Augmentin 228mg/5ml Suspension (70ml)", 8500, "syrup"],
    ["Ampiclox 500mg Capsules (Pack of 20)", 5500, "capsule"],
    ["Ampiclox Neonatal Drops (8ml)", 2500, "drops"],
    ["Ciprotab 500mg Tablets (Pack of 10)", 1500, "tablet"],
    ["Flagyl 400mg Tablets (Pack of 14)", 2800, "tablet"],
    ["Metronidazole 200mg Tablets (Pack of 100)", 1200, "tablet"],
    ["Septrin 480mg Tablets (Pack of 20)", 1600, "tablet"],
    ["Azithromycin 500mg Tablets (Pack of 3)", 2200, "tablet"],
    ["Cefuroxime 500mg Tablets (Pack of 10)", 4500, "tablet"],
    ["Doxycycline 100mg Capsules (Pack of 10)", 800, "capsule"],
    ["Erythromycin 500mg Tablets (Pack of 20)", 2500, "tablet"],
    ["Levofloxacin 500mg Tablets (Pack of 5)", 2500, "tablet"],
  ]),
  ...inCategory("Antiviral", [
    ["Acyclovir 400mg Tablets (Pack of 30)", 2500, "tablet"],
    ["Acyclovir 5% Cream (10g)", 1200, "cream"],
  ]),
  ...inCategory("Anticonvulsants", [
    ["Carbamazepine 200mg Tablets (Pack of 100)", 2800, "tablet"],
    ["Sodium Valproate 200mg Tablets (Pack of 100)", 5500, "tablet"],
    ["Gabapentin 300mg Capsules (Pack of 30)", 3500, "capsule"],
  ]),
  ...inCategory("Antidepressants", [
    ["Amitriptyline 25mg Tablets (Pack of 100)", 1500, "tablet"],
    ["Fluoxetine 20mg Capsules (Pack of 30)", 2500, "capsule"],
    ["Sertraline 50mg Tablets (Pack of 28)", 4000, "tablet"],
  ]),
  ...inCategory("Diuretics", [
    ["Hydrochlorothiazide 25mg Tablets (Pack of 100)", 1200, "tablet"],
    ["Furosemide 40mg Tablets (Pack of 100)", 1500, "tablet"],
    ["Spironolactone 25mg Tablets (Pack of 28)", 3000, "tablet"],
  ]),
  ...inCategory("Antioxidant", [
    ["Vitamin E 400IU Softgels (Pack of 30)", 3500, "capsule"],
    ["Selenium ACE Tablets (Pack of 30)", 5500, "tablet"],
    ["Coenzyme Q10 100mg Softgels (Pack of 30)", 9000, "capsule"],
  ]),
  ...inCategory("Antipsychotics", [
    ["Haloperidol 5mg Tablets (Pack of 100)", 2000, "tablet"],
    ["Olanzapine 10mg Tablets (Pack of 28)", 4500, "tablet"],
  ]),
  ...inCategory("Antiseptic Liquid", [
    ["Dettol Antiseptic Liquid (500ml)", 4500, "bottle"],
    ["Dettol Antiseptic Liquid (125ml)", 1800, "bottle"],
    ["Savlon Antiseptic Liquid (500ml)", 3200, "bottle"],
    ["Izal Germicide Disinfectant (500ml)", 2500, "bottle"],
    ["Methylated Spirit (500ml)", 1500, "bottle"],
    ["Hydrogen Peroxide 6% Solution (200ml)", 1200, "bottle"],
    ["Povidone-Iodine 10% Solution (100ml)", 2000, "bottle"],
  ]),
  ...inCategory("Antispasmodics", [
    ["Buscopan 10mg Tablets (Pack of 20)", 3800, "tablet"],
    ["Hyoscine Butylbromide 10mg Tablets (Pack of 20)", 1200, "tablet"],
    ["No-Spa Drotaverine 40mg Tablets (Pack of 24)", 2500, "tablet"],
  ]),
  ...inCategory("Antithyroidism", [
    ["Carbimazole 5mg Tablets (Pack of 100)", 3000, "tablet"],
    ["Propylthiouracil 50mg Tablets (Pack of 100)", 3500, "tablet"],
  ]),
  ...inCategory("Appetite Stimulants", [
    ["Cyproheptadine 4mg Tablets (Pack of 100)", 1200, "tablet"],
    ["Cyproheptadine Syrup 2mg/5ml (100ml)", 1000, "syrup"],
  ]),
  ...inCategory("Beauty and Cosmetics", [
    ["Vaseline Original Petroleum Jelly (250ml)", 3500, "jar"],
    ["Nivea Soft Moisturising Cream (100ml)", 3800, "jar"],
    ["Pure Shea Butter (250g)", 2500, "jar"],
    ["Aloe Vera Gel 99% (300ml)", 3000, "bottle"],
    ["Johnson's Baby Oil (200ml)", 3500, "bottle"],
  ]),
  ...inCategory("Body Builder", [
    ["Whey Protein Powder Chocolate (2lb Tub)", 45000, "jar"],
    ["Creatine Monohydrate Powder (300g)", 25000, "jar"],
  ]),
  ...inCategory("Cardiovascular Health Drugs", [
    ["Amlodipine 10mg Tablets (Pack of 28)", 1500, "tablet"],
    ["Nifedipine 20mg Retard Tablets (Pack of 100)", 2500, "tablet"],
    ["Lisinopril 10mg Tablets (Pack of 28)", 1800, "tablet"],
    ["Losartan 50mg Tablets (Pack of 28)", 2500, "tablet"],
    ["Atenolol 50mg Tablets (Pack of 28)", 1000, "tablet"],
    ["Methyldopa 250mg Tablets (Pack of 100)", 3000, "tablet"],
    ["Aspirin 75mg Dispersible Tablets (Pack of 28)", 800, "tablet"],
  ]),
  ...inCategory("Contraceptives", [
    ["Postinor-2 Levonorgestrel 0.75mg Tablets (2)", 2200, "tablet"],
    ["Microgynon 30 ED Tablets (28)", 1200, "tablet"],
    ["Depo-Provera 150mg/ml Injection (1ml)", 2000, "injection"],
    ["Durex Extra Safe Condoms (Pack of 3)", 2200, "box"],
    ["Gold Circle Condoms (Pack of 3)", 500, "sachet"],
  ]),
  ...inCategory("Cough and Cold Drugs", [
    ["Benylin Original Cough Syrup (100ml)", 3200, "syrup"],
    ["Tuxil-N Cough Syrup (100ml)", 1500, "syrup"],
    ["Actifed Multi-Action Syrup (100ml)", 3500, "syrup"],
    ["Coldcap Original Capsules (Pack of 10)", 600, "capsule"],
    ["Procold Tablets (Pack of 12)", 800, "tablet"],
    ["Vicks VapoRub (50g)", 2500, "jar"],
  ]),
  ...inCategory("Emergency Poisoning Treatment", [
    ["Activated Charcoal 250mg Capsules (Pack of 100)", 4000, "bottle"],
  ]),
  ...inCategory("Eye Supplements & Drugs", [
    ["Ocuvite Lutein Tablets (Pack of 60)", 18000, "tablet"],
    ["Vitalux Plus Capsules (Pack of 28)", 15000, "capsule"],
  ]),
  ...inCategory("Eye, Ear & Nose Drops & Ointments", [
    ["Chloramphenicol 0.5% Eye Drops (10ml)", 600, "drops"],
    ["Ciprofloxacin 0.3% Eye Drops (5ml)", 900, "drops"],
    ["Gentamicin 0.3% Eye/Ear Drops (10ml)", 700, "drops"],
    ["Tetracycline 1% Eye Ointment (5g)", 500, "cream"],
    ["Visine Original Eye Drops (15ml)", 4500, "drops"],
    ["Otrivin 0.1% Nasal Drops (10ml)", 3500, "drops"],
    ["Saline 0.9% Nasal Drops (10ml)", 800, "drops"],
    ["Cerumol Ear Drops (11ml)", 3500, "drops"],
  ]),
  ...inCategory("Feminine Hygiene & Suppositories", [
    ["Always Ultra Thin Pads Long (Pack of 8)", 1800, "box"],
    ["Lady Care Sanitary Pads (Pack of 8)", 900, "box"],
    ["Clotrimazole 200mg Vaginal Tablets (3)", 900, "tablet"],
    ["Lactacyd Feminine Wash (250ml)", 5000, "bottle"],
    ["Glycerin Suppositories Adult 4g (Pack of 12)", 2500, "box"],
  ]),
  ...inCategory("General", [
    ["Hand Sanitizer 70% Alcohol (500ml)", 2500, "bottle"],
    ["Face Masks 3-Ply Disposable (Box of 50)", 3000, "box"],
    ["Home First Aid Kit (Family Size)", 12000, "box"],
  ]),
  ...inCategory("Hematinic", [
    ["Astymin Liquid Amino Acid Tonic (200ml)", 3500, "syrup"],
    ["Feroglobin B12 Capsules (Pack of 30)", 7500, "capsule"],
    ["Feroglobin Liquid (200ml)", 9000, "syrup"],
    ["Chemiron Blood Tonic (200ml)", 2800, "syrup"],
    ["Ranferon-12 Syrup (200ml)", 3500, "syrup"],
    ["Folic Acid 5mg Tablets (Pack of 100)", 600, "tablet"],
  ]),
  ...inCategory("Immunosuppressants", [
    ["Azathioprine 50mg Tablets (Pack of 100)", 15000, "tablet"],
    ["Hydroxychloroquine 200mg Tablets (Pack of 30)", 6000, "tablet"],
  ]),
  ...inCategory("Infusion", [
    ["Normal Saline 0.9% Infusion (500ml)", 1000, "infusion"],
    ["Dextrose 5% Infusion (500ml)", 1000, "infusion"],
    ["Ringer's Lactate Infusion (500ml)", 1200, "infusion"],
  ]),
  ...inCategory("Inhibitors", [
    ["Lansoprazole 30mg Capsules (Pack of 28)", 2500, "capsule"],
    ["Allopurinol 100mg Tablets (Pack of 100)", 2000, "tablet"],
  ]),
  ...inCategory("Injection I.M/I.V", [
    ["Ceftriaxone 1g Injection (Vial)", 1500, "injection"],
    ["Artemether 80mg/ml Injection (6 Ampoules)", 2500, "injection"],
    ["Diclofenac 75mg/3ml Injection (Pack of 10 Ampoules)", 2000, "injection"],
    ["Gentamicin 80mg/2ml Injection (Pack of 10 Ampoules)", 1500, "injection"],
    ["Vitamin B Complex Injection (10ml Vial)", 800, "injection"],
  ]),
  ...inCategory("Iron Supplements", [
    ["Ferrous Sulphate 200mg Tablets (Pack of 100)", 900, "tablet"],
    ["Ferrous Gluconate 300mg Tablets (Pack of 100)", 1200, "tablet"],
  ]),
  ...inCategory("Joints and Bone Support Drugs", [
    ["Glucosamine & Chondroitin Tablets (Pack of 60)", 12000, "bottle"],
    ["Osteocare Tablets (Pack of 30)", 6500, "tablet"],
    ["Jointace Original Tablets (Pack of 30)", 9000, "tablet"],
    ["Calcium 600mg + Vitamin D3 Tablets (Pack of 60)", 5000, "bottle"],
  ]),
  ...inCategory("Laxatives", [
    ["Bisacodyl 5mg Tablets (Pack of 100)", 1200, "tablet"],
    ["Lactulose Solution 3.35g/5ml (200ml)", 4500, "syrup"],
    ["Senokot 7.5mg Tablets (Pack of 60)", 6000, "tablet"],
  ]),
  ...inCategory("Lipid Lowering Drugs", [
    ["Atorvastatin 20mg Tablets (Pack of 28)", 3000, "tablet"],
    ["Simvastatin 20mg Tablets (Pack of 28)", 2000, "tablet"],
    ["Rosuvastatin 10mg Tablets (Pack of 28)", 4500, "tablet"],
  ]),
  ...inCategory("Liver Supplements", [
    ["Essentiale Forte N 300mg Capsules (Pack of 30)", 9500, "capsule"],
    ["Liv.52 Tablets (Pack of 100)", 4500, "bottle"],
    ["Milk Thistle 1000mg Capsules (Pack of 60)", 8000, "capsule"],
  ]),
  ...inCategory("Lozenges", [
    ["Strepsils Honey & Lemon Lozenges (Pack of 24)", 4200, "tablet"],
    ["Dequadin Lozenges (Pack of 20)", 1500, "tablet"],
  ]),
  ...inCategory("Lubricant", [
    ["K-Y Jelly Personal Lubricant (82g)", 5500, "cream"],
    ["Durex Play Feel Lubricant Gel (50ml)", 6000, "bottle"],
  ]),
  ...inCategory("Medical & Hospital Equipment", [
    ["Digital Thermometer (Flexible Tip)", 3000, "device"],
    ["Omron M2 Automatic Blood Pressure Monitor", 42000, "device"],
    ["Wrist Digital Blood Pressure Monitor", 25000, "device"],
    ["Accu-Chek Active Glucometer Kit", 22000, "device"],
    ["Accu-Chek Active Test Strips (Pack of 50)", 17500, "box"],
    ["On Call Plus Blood Glucose Test Strips (Pack of 50)", 9000, "box"],
    ["Pulse Oximeter Fingertip", 9000, "device"],
    ["Nebulizer Compressor Machine", 48000, "device"],
    ["Disposable Syringes 5ml (Pack of 100)", 6500, "box"],
    ["Examination Gloves Latex Medium (Box of 100)", 6000, "box"],
    ["Malaria Rapid Test Kit Pf (Single Test)", 1000, "sachet"],
  ]),
  ...inCategory("Nonsteroidal", [
    ["Ibuprofen 400mg Tablets (Pack of 24)", 1000, "tablet"],
    ["Ibuprofen Suspension 100mg/5ml (100ml)", 1200, "syrup"],
    ["Diclofenac 50mg Tablets (Pack of 100)", 1500, "tablet"],
    ["Felvin Piroxicam 20mg Capsules (Pack of 20)", 1800, "capsule"],
    ["Celecoxib 200mg Capsules (Pack of 10)", 2500, "capsule"],
    ["Naproxen 500mg Tablets (Pack of 20)", 1800, "tablet"],
    ["Meloxicam 15mg Tablets (Pack of 10)", 1200, "tablet"],
  ]),
  ...inCategory("Oral and Dental Care", [
    ["Colgate Maximum Cavity Protection Toothpaste (140g)", 1800, "cream"],
    ["Sensodyne Rapid Relief Toothpaste (75ml)", 5500, "cream"],
    ["Listerine Cool Mint Mouthwash (250ml)", 4500, "bottle"],
    ["Chlorhexidine 0.2% Mouthwash (200ml)", 2500, "bottle"],
  ]),
  ...inCategory("Oral Rehydration", [
    ["Oral Rehydration Salts 20.5g (Pack of 10 Sachets)", 1200, "sachet"],
    ["Dioralyte Blackcurrant Sachets (Pack of 6)", 4500, "sachet"],
    ["Zinc Sulphate 20mg Dispersible Tablets (Pack of 10)", 500, "tablet"],
    ["Pedialyte Electrolyte Solution (500ml)", 5000, "bottle"],
  ]),
  ...inCategory("Probiotic", [
    ["Probiotic 10 Billion CFU Capsules (Pack of 30)", 9500, "capsule"],
    ["Enterogermina 2 Billion Oral Suspension (10 x 5ml)", 6500, "drops"],
  ]),
  ...inCategory("Respiratory Health", [
    ["Ventolin 100mcg Evohaler (200 Doses)", 6500, "inhaler"],
    ["Seretide 25/250mcg Evohaler (120 Doses)", 26500, "inhaler"],
    ["Salbutamol 4mg Tablets (Pack of 100)", 800, "tablet"],
    ["Salbutamol Syrup 2mg/5ml (100ml)", 700, "syrup"],
    ["Montelukast 10mg Tablets (Pack of 30)", 4000, "tablet"],
    ["Aminophylline 100mg Tablets (Pack of 100)", 1000, "tablet"],
  ]),
  ...inCategory("Sedatives", [
    ["Promethazine 25mg Tablets (Pack of 100)", 1500, "tablet"],
    ["Phenergan Elixir 5mg/5ml (100ml)", 2500, "syrup"],
  ]),
  ...inCategory("Sexual Wellness / Fertility Drugs", [
    ["Clomiphene Citrate 50mg Tablets (Pack of 10)", 2500, "tablet"],
    ["Sildenafil 100mg Tablets (Pack of 4)", 2000, "tablet"],
    ["Pregnancy Test Kit Midstream (Single Test)", 800, "sachet"],
    ["Ovulation Test Strips (Pack of 10)", 4000, "box"],
    ["Pregnacare Conception Tablets (Pack of 30)", 12000, "tablet"],
  ]),
  ...inCategory("Sleep Aid", [
    ["Melatonin 3mg Tablets (Pack of 60)", 8500, "bottle"],
    ["Valerian Root 500mg Capsules (Pack of 60)", 7000, "capsule"],
  ]),
  ...inCategory("Topical Preparations", [
    ["Funbact-A Triple Action Cream (30g)", 1200, "cream"],
    ["Skineal Cream (30g)", 1500, "cream"],
    ["Betnovate-N Cream (30g)", 4500, "cream"],
    ["Hydrocortisone 1% Cream (15g)", 1000, "cream"],
    ["Voltaren Emulgel 1% (50g)", 9000, "cream"],
    ["Deep Heat Rub (35g)", 3500, "cream"],
    ["Silver Sulfadiazine 1% Cream (50g)", 2500, "cream"],
    ["Robb Ointment (23g)", 1000, "jar"],
    ["Aboniki Balm (25g)", 600, "jar"],
    ["Mentholatum Ointment (28g)", 1800, "jar"],
    ["Whitfield Ointment (30g)", 800, "jar"],
    ["Calamine Lotion (200ml)", 1200, "bottle"],
    ["Benzyl Benzoate Lotion 25% (100ml)", 1000, "bottle"],
  ]),
  ...inCategory("Weight Loss Supplements", [
    ["Garcinia Cambogia 1000mg Capsules (Pack of 60)", 9000, "capsule"],
    ["Green Tea Extract 500mg Capsules (Pack of 60)", 7500, "capsule"],
    ["Orlistat 120mg Capsules (Pack of 42)", 18000, "capsule"],
  ]),
  ...inCategory("Wellbeing / Dietary Supplements", [
    ["Vitamin C 1000mg Effervescent Tablets (Tube of 20)", 3500, "tablet"],
    ["Vitamin C 100mg Tablets (Tin of 1000)", 4500, "bottle"],
    ["Vitamin B Complex Tablets (Pack of 1000)", 3500, "bottle"],
    ["Vitamin D3 1000IU Softgels (Pack of 60)", 6000, "capsule"],
    ["Multivitamin Syrup (100ml)", 1000, "syrup"],
    ["Centrum Adults Multivitamin Tablets (Pack of 30)", 14500, "tablet"],
    ["Wellman Original Tablets (Pack of 30)", 8500, "tablet"],
    ["Wellwoman Original Capsules (Pack of 30)", 8500, "capsule"],
    ["Pregnacare Original Tablets (Pack of 30)", 8000, "tablet"],
    ["Seven Seas Cod Liver Oil One-A-Day Capsules (Pack of 30)", 5500, "capsule"],
    ["Omega-3 Fish Oil 1000mg Softgels (Pack of 60)", 7500, "capsule"],
    ["Ensure Vanilla Nutritional Powder (400g)", 18000, "jar"],
  ]),
  ...inCategory("Worm Expeller", [
    ["Vermox 500mg Tablet (Pack of 1)", 1500, "tablet"],
    ["Albendazole 400mg Chewable Tablet (Pack of 1)", 500, "tablet"],
    ["Zentel 400mg Tablet (Pack of 1)", 2000, "tablet"],
    ["Mebendazole Suspension 100mg/5ml (30ml)", 700, "syrup"],
  ]),
  ...inCategory("Wound Dressing", [
    ["Cotton Wool Roll (100g)", 1200, "dressing"],
    ["Crepe Bandage 10cm x 4.5m", 1000, "dressing"],
    ["Zinc Oxide Adhesive Plaster 7.5cm x 5m", 1800, "dressing"],
    ["Sterile Gauze Swabs 10cm x 10cm (Pack of 100)", 3500, "box"],
    ["Elastoplast Fabric Plasters Assorted (Pack of 40)", 3500, "box"],
  ]),
];
