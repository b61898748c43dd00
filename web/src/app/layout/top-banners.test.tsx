import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { DomainBanner } from './top-banners';

function renderBanner(hostname: string) {
  const client = createQueryClient();
  client.setQueryData(['bootstrap'], {
    siteOption: [{ key: 'default-domain', value: 'kasa.bet', status: true }],
    domainStatus: { current: 'kasa.bet', next: 'kasa2.bet' },
  });
  return render(
    <QueryClientProvider client={client}>
      <DomainBanner hostname={hostname} />
    </QueryClientProvider>,
  );
}

describe('DomainBanner', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new Error('offline')));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is a landmark named in the page language, off the default domain', () => {
    renderBanner('kasa-mirror.example');
    const notice = screen.getByRole('complementary', { name: 'Resmi adres duyurusu' });
    expect(notice).toHaveTextContent('Resmi adresimiz kasa.bet · Yeni adres:');
    expect(within(notice).getByRole('link', { name: 'kasa2.bet' })).toHaveAttribute(
      'href',
      'https://kasa2.bet',
    );
  });

  it('is absent on the default domain', () => {
    const { container } = renderBanner('www.kasa.bet');
    expect(container).toBeEmptyDOMElement();
  });
});
