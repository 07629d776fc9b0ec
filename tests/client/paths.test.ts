import { allRoutes, paths, stateNameOf, stateStartsWith, withId } from '@/config/paths';

describe('route table', () => {
  it('names states as the spec does', () => {
    expect(stateNameOf('/')).toBe('login');
    expect(stateNameOf('/my-journal/dashboard')).toBe('main.mj.dashboard');
    expect(stateNameOf('/my-journal/wizard/site-editor/faq-editor')).toBe(
      'main.mj.wizard.editor.faq',
    );
    expect(stateNameOf('/my-merchant/wizard/site-editor')).toBe('main.mm.wizard.editor');
    expect(stateNameOf('/gift-card/wizard/configuration')).toBe('main.gift.wizard.config');
    expect(stateNameOf('/loyalty/wizard/base-campaign')).toBe('main.loyalty.wizard.basecampaign');
    expect(stateNameOf('/nowhere')).toBeUndefined();
  });

  it('has unique names and paths', () => {
    const names = allRoutes.map((r) => r.name);
    const routePaths = allRoutes.map((r) => r.path);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(routePaths).size).toBe(routePaths.length);
  });

  it('gift has no base campaign step', () => {
    expect(allRoutes.some((r) => r.name === 'main.gift.wizard.basecampaign')).toBe(false);
  });

  it('matches state prefixes on whole segments', () => {
    expect(stateStartsWith('main.mj.wizard.setup', 'main.mj')).toBe(true);
    expect(stateStartsWith('main.mj', 'main.mj')).toBe(true);
    expect(stateStartsWith('main.mjx', 'main.mj')).toBe(false);
    expect(stateStartsWith(undefined, 'main')).toBe(false);
  });

  it('adds the id query parameter', () => {
    expect(withId(paths.mj.wizard.setup, 12)).toBe('/my-journal/wizard/client-setup?id=12');
    expect(withId(paths.mj.wizard.setup)).toBe('/my-journal/wizard/client-setup');
    expect(withId('/x', null)).toBe('/x');
  });
});
