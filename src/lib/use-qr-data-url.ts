import { useEffect, useState } from 'react'

/**
 * A Pix BR Code (or any text) as a QR data URL: `null` while it is made, '' when it failed. qrcode is only
 * downloaded when a code is shown. Level M is what banks print on Pix codes; margin 2 keeps the quiet zone
 * readers need.
 */
export function useQrDataUrl(text: string, width: number): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    let active = true
    setUrl(null)
    if (!text) return
    void import('qrcode')
      .then((module) => module.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width }))
      .then((result) => active && setUrl(result))
      .catch(() => active && setUrl(''))
    return () => {
      active = false
    }
  }, [text, width])
  return url
}
