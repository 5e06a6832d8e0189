// Word lists the generator combines into recipes that read like real ones, so search, trigram suggestions and
// ranking see realistic word frequencies (a few very common words such as 'chicken', many rare ones).

const words = (text: string): string[] => text.trim().split(/\s*\|\s*/);

export const adjectives = words(`
  Smoky | Crispy | Creamy | Spicy | Tangy | Hearty | Zesty | Golden | Rustic | Fragrant | Sticky | Charred |
  Slow-Cooked | Herby | Garlicky | Lemony | Sweet | Savory | Quick | Easy | Classic | Homestyle | Roasted |
  Grilled | Braised | Pan-Fried | Baked | Fresh | Light | Rich | Buttery | Peppery | Honey-Glazed | Midweek`);

export const cuisines = words(`
  Thai | Korean | Japanese | Chinese | Sichuan | Vietnamese | Indian | Punjabi | Persian | Lebanese | Turkish |
  Greek | Italian | Tuscan | Sicilian | French | Provencal | Spanish | Basque | Portuguese | Moroccan |
  Ethiopian | Nigerian | Mexican | Oaxacan | Peruvian | Brazilian | Cajun | Southern | Nordic | German |
  Hungarian | Georgian | Filipino | Malaysian | Indonesian | Caribbean | Jamaican | Levantine | Alpine`);

export const mains = words(`
  Chicken | Beef | Pork | Lamb | Duck | Turkey | Salmon | Cod | Tuna | Shrimp | Prawn | Mussel | Squid |
  Tofu | Tempeh | Chickpea | Lentil | Black Bean | White Bean | Mushroom | Eggplant | Zucchini | Cauliflower |
  Broccoli | Spinach | Kale | Cabbage | Sweet Potato | Potato | Pumpkin | Butternut Squash | Carrot | Beetroot |
  Tomato | Pepper | Corn | Pea | Leek | Onion | Fennel | Asparagus | Halloumi | Feta | Paneer | Egg | Rice |
  Noodle | Quinoa | Barley | Couscous | Polenta | Apple | Pear | Peach | Cherry | Banana | Mango | Lemon |
  Coconut | Chocolate | Almond | Walnut | Pistachio | Ginger | Sesame | Miso | Chorizo | Bacon | Sausage`);

export const dishes = words(`
  Curry | Stew | Soup | Salad | Stir-Fry | Tacos | Burrito | Pie | Tart | Casserole | Bake | Gratin | Risotto |
  Pasta | Lasagna | Ragu | Noodles | Fried Rice | Pilaf | Biryani | Dumplings | Skewers | Kebabs | Burger |
  Sandwich | Wraps | Flatbread | Pizza | Frittata | Omelette | Shakshuka | Hotpot | Ramen | Pho | Chowder |
  Tagine | Goulash | Chili | Bowl | Traybake | Fritters | Pancakes | Crumble | Cake | Muffins | Cookies |
  Bread | Brownies | Sorbet | Pudding | Dal | Korma | Masala | Satay | Larb | Bibimbap | Paella | Empanadas`);

export const ingredients = words(`
  2 tbsp olive oil | 1 onion, finely chopped | 3 cloves garlic, minced | 1 tbsp grated ginger |
  400 g chopped tomatoes | 1 tsp ground cumin | 1 tsp ground coriander | 1 tsp smoked paprika | 1/2 tsp turmeric |
  1 tsp chili flakes | 2 cups vegetable stock | 2 cups chicken stock | 400 ml coconut milk | 1 cup basmati rice |
  250 g dried pasta | 200 g egg noodles | 2 tbsp soy sauce | 1 tbsp fish sauce | 1 tbsp rice vinegar |
  1 tbsp sesame oil | 2 tbsp honey | 1 tbsp brown sugar | 1 lime, juiced | 1 lemon, zested and juiced |
  a handful of fresh coriander | a handful of basil leaves | 2 sprigs rosemary | 4 sprigs thyme | 2 bay leaves |
  1 tsp dried oregano | 100 g feta, crumbled | 50 g parmesan, grated | 200 ml double cream | 150 g Greek yogurt |
  2 eggs | 3 tbsp butter | 250 g plain flour | 1 tsp baking powder | 1/2 tsp bicarbonate of soda |
  200 g caster sugar | 100 g dark chocolate | 1 tsp vanilla extract | 2 carrots, diced | 2 celery sticks, sliced |
  1 red pepper, sliced | 1 green chili, sliced | 2 spring onions, sliced | 200 g spinach | 1 can chickpeas, drained |
  1 cup red lentils | 500 g chicken thighs | 400 g beef mince | 4 pork chops | 2 salmon fillets | 300 g prawns |
  400 g firm tofu | 300 g mushrooms, sliced | 1 aubergine, cubed | 2 courgettes, sliced | 1 head of broccoli |
  500 g potatoes, cubed | 1 sweet potato, cubed | 1 tbsp miso paste | 2 tbsp tahini | 1 tbsp harissa |
  1 tbsp curry paste | 1 tsp garam masala | 1 cinnamon stick | 4 cardamom pods | salt and black pepper |
  1 tbsp cornflour | 2 tbsp peanut butter | 50 g roasted peanuts | 1 tbsp capers | 10 black olives |
  1 ball mozzarella | 4 tortillas | 1 baguette | 2 tbsp mayonnaise | 1 tbsp Dijon mustard | 1 avocado`);

export const stepTemplates = words(`
  Heat the oil in a large pan over a medium heat | Soften the onion for 8 minutes until golden |
  Add the garlic and ginger and cook for 1 minute more | Stir in the spices and toast until fragrant |
  Add the {main} and brown it on all sides | Pour in the stock and bring to a gentle simmer |
  Cover and cook for 25 minutes, stirring now and then | Season well with salt and pepper |
  Meanwhile cook the rice according to the packet | Whisk the dressing ingredients together in a bowl |
  Preheat the oven to 200C and line a tray with baking paper | Roast the {main} for 30 minutes until caramelised |
  Toss everything together with the herbs | Fold the flour in gently with a metal spoon |
  Bake for 35 minutes until a skewer comes out clean | Leave to cool for 10 minutes before slicing |
  Blend until completely smooth, adding a splash of water if needed | Squeeze over the lime juice and taste |
  Scatter with fresh herbs and serve straight away | Marinate the {main} for at least an hour |
  Grill over a high heat for 4 minutes on each side | Simmer until the sauce has thickened and coats a spoon |
  Drain, reserving a cup of the cooking water | Stir through the cream and warm through without boiling |
  Divide between bowls and top with the crispy onions | Chill for 2 hours or overnight until set`);

export const introTails = words(`
  Perfect for a busy weeknight. | A family favourite that freezes well. | Great for feeding a crowd. |
  Ready in well under an hour. | Even better the next day. | Serve with crusty bread or rice. |
  My grandmother's recipe, barely changed. | A vegetarian-friendly crowd pleaser. | Cheap, cheerful and filling. |
  Bright, fresh and full of flavour. | Comfort food for cold evenings. | Impressive enough for guests.`);

export const reviewComments = words(`
  Absolutely delicious, will make again | The whole family loved it | Easy to follow and tasty |
  A bit too salty for me, but good | Perfect weeknight dinner | I added extra chili and it was great |
  Took longer than stated but worth it | Lovely flavours | Not my favourite, too sweet |
  Made it for friends and everyone asked for the recipe | Simple and satisfying | Great with rice |
  The sauce was amazing | Would halve the sugar next time | Five stars, no notes | Good but needed more garlic |
  My kids devoured it | Froze half and it reheated perfectly | Brilliant recipe | Came out a little dry |
  `);

export const firstNames = words(`
  Ada | Amara | Ana | Ben | Chloe | Daniel | Dev | Elena | Emeka | Farah | Felix | Grace | Hana | Hugo | Ines |
  Isaac | Jana | Jonas | Kai | Kemi | Lars | Leila | Liam | Lucia | Maya | Mateo | Mei | Nadia | Noah | Olu |
  Omar | Priya | Quinn | Rafael | Rosa | Sami | Sara | Tariq | Tomas | Uma | Victor | Wen | Yara | Yusuf | Zoe`);

export const lastNames = words(`
  Adeyemi | Andersen | Bauer | Campbell | Chen | Costa | Dubois | Eriksson | Fernandez | Garcia | Haddad |
  Ito | Jensen | Kaur | Kim | Kowalski | Larsen | Lopez | Mensah | Moreau | Nakamura | Novak | Okafor | Olsen |
  Patel | Quinn | Rossi | Santos | Schmidt | Silva | Singh | Tanaka | Torres | Ueda | Vargas | Weber | Wong |
  Yilmaz | Zhang | Zielinski`);
