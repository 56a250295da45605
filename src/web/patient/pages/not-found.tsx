/** @jsxImportSource preact */
import { Layout } from '../components/layout';
import { Panel } from '../components/status';
import { useI18n } from '../i18n/i18n';
import { onLinkClick } from '../router';

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <Layout title={t('nf.title')}>
      <Panel title={t('nf.title')}>
        <p>{t('nf.body')}</p>
        <ul class="list-disc space-y-1 pl-5">
          <li>
            <a href="/request-appointment" class="link" onClick={onLinkClick}>
              {t('choose.title')}
            </a>
          </li>
          <li>
            <a href="/portal" class="link" onClick={onLinkClick}>
              {t('portal.title')}
            </a>
          </li>
        </ul>
      </Panel>
    </Layout>
  );
}
