import { useState } from 'react';
import { ActionIcon, Button, ColorInput, ColorSwatch, Divider, FileButton, Group, Image, Input, Select, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { BRAND_COLORS_MAX, BRAND_FONT_LABELS, BRAND_FONTS } from '@shared/schemas/brand';
import { MEDIA_MAX_BYTES } from '@shared/schemas/post';
import type { ProfileInput } from '@shared/schemas/profile';
import { errorMessage } from '../lib/api-error';
import { useUploadFile } from '../lib/media/upload-file';

type Props = { form: UseFormReturnType<ProfileInput> };

const HEX = /^#[0-9a-f]{6}$/i;
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** The brand colours as swatches, each removable, and a colour picker that adds up to BRAND_COLORS_MAX. */
function BrandColorsField({ form }: Props) {
  const colors = form.getValues().brandColors;
  const [next, setNext] = useState('');
  const [picker, setPicker] = useState(false);
  const full = colors.length >= BRAND_COLORS_MAX;
  const valid = HEX.test(next.trim());
  const duplicate = colors.some((color) => color.toLowerCase() === next.trim().toLowerCase());
  const error = form.errors.brandColors ?? Object.entries(form.errors).find(([path]) => path.startsWith('brandColors.'))?.[1];

  const add = () => {
    if (!valid || full || duplicate) return;
    form.setFieldValue('brandColors', [...colors, next.trim().toLowerCase()]);
    setNext('');
  };

  return (
    <Stack gap="xs">
      <div>
        <Input.Label labelElement="div" id="brand-colours-label">
          Brand colours
        </Input.Label>
        <Input.Description>Up to {BRAND_COLORS_MAX}, used on the images made from your posts.</Input.Description>
      </div>
      {colors.length > 0 ? (
        <Group gap="xs" role="list" aria-labelledby="brand-colours-label">
          {colors.map((color) => (
            <Group
              key={color}
              gap={6}
              role="listitem"
              wrap="nowrap"
              pl={6}
              pr={2}
              py={2}
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 999 }}
            >
              <ColorSwatch color={color} size={20} aria-hidden="true" />
              <Text size="sm" ff="monospace">
                {color}
              </Text>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                radius="xl"
                aria-label={`Remove colour ${color}`}
                onClick={() =>
                  form.setFieldValue(
                    'brandColors',
                    colors.filter((item) => item !== color),
                  )
                }
              >
                <IconTrash size={14} aria-hidden="true" />
              </ActionIcon>
            </Group>
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          No brand colours yet.
        </Text>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <ColorInput
          label="Add a colour"
          placeholder="#1a2b3c"
          format="hex"
          value={next}
          onChange={(value) => {
            setNext(value);
            setPicker(true);
          }}
          disabled={full}
          withEyeDropper={false}
          style={{ flex: 1, maxWidth: 240 }}
          error={duplicate ? 'This colour is already in your brand kit.' : undefined}
          // Mantine opens the picker while the field has focus and leaves Escape to the page: closed here too.
          popoverProps={{ opened: picker }}
          onFocus={() => setPicker(true)}
          onClick={() => setPicker(true)}
          onBlur={() => setPicker(false)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setPicker(false);
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
              setPicker(false);
            }
          }}
        />
        <Button variant="default" onClick={add} disabled={!valid || full || duplicate} mb={duplicate ? 22 : 0}>
          Add colour
        </Button>
      </Group>
      {full ? (
        <Text size="xs" c="dimmed">
          You have {BRAND_COLORS_MAX} colours, the most a brand kit holds. Remove one to add another.
        </Text>
      ) : null}
      {error ? (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The logo: uploaded as a file of its own, shown, replaced or removed; saved with the profile. */
function BrandLogoField({ form }: Props) {
  const upload = useUploadFile();
  const [problem, setProblem] = useState<string | null>(null);
  const logo = form.getValues().brandLogo ?? null;
  const error = problem ?? (form.errors.brandLogo as string | undefined);

  const pick = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    if (!LOGO_TYPES.includes(file.type)) return setProblem(`"${file.name}" is not an image we can use. Use a JPG, PNG, GIF or WebP image.`);
    if (file.size > MEDIA_MAX_BYTES) return setProblem(`"${file.name}" is too large. Images can be up to 10MB.`);
    try {
      const stored = await upload.mutateAsync(file);
      form.setFieldValue('brandLogo', stored.url);
      form.clearFieldError('brandLogo');
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };

  return (
    <Stack gap="xs">
      <Input.Label labelElement="div">Logo</Input.Label>
      <Group gap="md" align="center" wrap="nowrap">
        {logo ? (
          <Image src={logo} alt="Your logo" h={64} w={64} fit="contain" radius="sm" bd="1px solid var(--mantine-color-gray-3)" bg="white" />
        ) : (
          <Text size="sm" c="dimmed">
            No logo yet.
          </Text>
        )}
        <Group gap="xs">
          <FileButton onChange={(file) => void pick(file)} accept={LOGO_TYPES.join(',')}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden="true" />} loading={upload.isPending}>
                {logo ? 'Replace logo' : 'Upload logo'}
              </Button>
            )}
          </FileButton>
          {logo ? (
            <Button
              variant="default"
              color="red"
              c="red.8"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => form.setFieldValue('brandLogo', null)}
            >
              Remove logo
            </Button>
          ) : null}
        </Group>
      </Group>
      {error ? (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

const BrandFontField = ({ form }: Props) => (
  <Select
    label="Font"
    description="The typeface of the images made from your posts."
    data={BRAND_FONTS.map((font) => ({ value: font, label: BRAND_FONT_LABELS[font] }))}
    allowDeselect={false}
    {...form.getInputProps('brandFont')}
  />
);

/** Colours, logo and font for the images made from posts; in onboarding's Brand Details and in Settings. */
export const BrandKitFields = ({ form }: Props) => (
  <Stack gap="md">
    <Divider mt="xs" />
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={650} p={0} mb="sm">
        Brand kit
      </Text>
      <Stack gap="md">
        <BrandColorsField form={form} />
        <BrandLogoField form={form} />
        <BrandFontField form={form} />
      </Stack>
    </fieldset>
  </Stack>
);
